import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { OtpApiError, OtpClient, OtpNetworkError, OtpWebhookError, verifyWebhook } from '@otp/sdk';
import { eventually, startTestPlatform, type TestPlatform, type TestProject } from '@otp/test/infra';

// The TypeScript SDK (sdk/typescript) against the running platform, as a customer backend uses it.
// The gateway admits one /v1 request at a time and queues none, so a burst gets real 503s that
// the SDK must retry, each call with one Idempotency-Key.

interface InboxMessage {
  channel: string;
  to: string;
  code: string | null;
}
interface Delivery {
  body: string;
  headers: IncomingHttpHeaders;
}

let platform: TestPlatform;
let project: TestProject;
let receiver: Server;
let receiverUrl: string;
const deliveries: Delivery[] = [];

/** The sandbox inbox read as a person types it: the + of the number left unencoded. */
async function inbox(to: string): Promise<InboxMessage[]> {
  const response = await fetch(`${platform.sandboxUrl}/inbox?to=${to}`);
  return ((await response.json()) as { messages: InboxMessage[] }).messages;
}

function client(options: Partial<ConstructorParameters<typeof OtpClient>[0]> = {}): OtpClient {
  return new OtpClient({ apiKey: project.key, baseUrl: `${platform.publicUrls[0]}/v1`, ...options });
}

describe('the TypeScript SDK', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({ env: { gateway: { MAX_IN_FLIGHT: '1', ADMISSION_QUEUE_MS: '0' } } });
    // The retry case fires a burst to neighbouring numbers: load, not abuse.
    project = await platform.newProject({ credit: '20.00', abuseLimits: 'off' });
    await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'OTPDemo', site: 'demo.example' });
    await platform.admin.post(`/projects/${project.id}/sender-ids/OTPDemo/approve`);
    await platform.admin.patch(`/projects/${project.id}/settings/sms`, { default_sender_id: 'OTPDemo' });
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        deliveries.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/otp-events`;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
    await platform?.stop();
  });

  it('starts a verification, reads the code from the sandbox inbox and checks it', async () => {
    const otp = client();
    const to = '+447700123411';
    const started = await otp.startVerification({ to, metadata: { order: 'A-17' } });
    assert.match(started.sid, /^VE[a-f0-9]{24}$/);
    assert.equal(started.status, 'pending');
    const [message] = await eventually(
      () => inbox(to),
      (messages) => messages.some((m) => m.code !== null),
      { what: 'the code in the sandbox inbox' },
    );
    const checked = await otp.checkVerification(started.sid, { code: message!.code! });
    assert.equal(checked.valid, true);
    assert.equal(checked.status, 'approved');
    assert.equal((await otp.getVerification(started.sid)).status, 'approved');
  });

  it('sends an SMS and reads it back; the signed webhook verifies with the helper', async () => {
    const otp = client();
    const sent = await otp.sendSms({
      to: '+447700123412',
      body: 'Your order A-17 has shipped.',
      callback: receiverUrl,
    });
    assert.equal(sent.status, 'queued');
    assert.equal(sent.from, 'OTPDemo');
    const read = await eventually(
      () => otp.getSms(sent.sid),
      (sms) => sms.status === 'sent',
      { what: 'the SMS sent' },
    );
    assert.equal(read.cost, sent.cost);

    // The carrier's receipt follows with sms.delivered; this case verifies the sms.sent one.
    const delivery = await eventually(
      async () => deliveries.find((d) => d.body.includes(sent.sid) && d.body.includes('"type":"sms.sent"')),
      (found) => found !== undefined,
      { what: 'the sms.sent webhook' },
    );
    const view = await platform.admin.get<{ webhook_secrets: { secret: string }[] }>(`/projects/${project.id}`);
    const secret = view.body.webhook_secrets[0]!.secret;
    const event = verifyWebhook(secret, delivery!.body, delivery!.headers as Record<string, string>);
    assert.equal(event.type, 'sms.sent');
    assert.equal(event.project_id, project.id);
    assert.ok('sid' in event.data && event.data.sid === sent.sid);

    assert.throws(
      () =>
        verifyWebhook(
          secret,
          delivery!.body.replace(sent.sid, 'SM' + '0'.repeat(24)),
          delivery!.headers as Record<string, string>,
        ),
      OtpWebhookError,
    );
  });

  it('raises the spec code, status and request id as an OtpApiError', async () => {
    const otp = client();
    const missing = `VE${'f'.repeat(24)}`;
    const error = await otp.getVerification(missing).then(
      () => assert.fail('a missing verification was found'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof OtpApiError);
    assert.equal(error.status, 404);
    assert.equal(error.code, 'VERIFICATION_NOT_FOUND');
    assert.ok(error.requestId && error.requestId.length > 0);

    const refused = await otp.sendSms({ to: '+447700900123', body: 'hello' }).then(
      () => assert.fail('a number the numbering plan lacks was accepted'),
      (e: unknown) => e,
    );
    assert.ok(refused instanceof OtpApiError);
    assert.equal(refused.code, 'INVALID_REQUEST_BODY');
    assert.equal(refused.message, 'to: not a valid number for GB');
  });

  it('retries 503s with one Idempotency-Key per call: every call of a burst ends with one message', async () => {
    const tries: { status: number; key: string | null }[] = [];
    const observed: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      tries.push({ status: response.status, key: new Headers(init?.headers).get('idempotency-key') });
      return response;
    };
    const otp = client({ fetch: observed, retry: { maxRetries: 30, maxDelayMs: 1000 } });
    const numbers = Array.from({ length: 6 }, (_, i) => `+4477001235${String(i).padStart(2, '0')}`);
    const sent = await Promise.all(numbers.map((to) => otp.sendSms({ to, body: `burst to ${to}` })));

    assert.ok(
      tries.some((t) => t.status === 503),
      'the gateway refused some tries (else nothing was retried)',
    );
    assert.equal(new Set(sent.map((s) => s.sid)).size, numbers.length);
    const keys = new Set(tries.map((t) => t.key));
    assert.equal(keys.size, numbers.length, 'each call kept its own key across its retries');
    for (const to of numbers) {
      const messages = await eventually(
        () => inbox(to),
        (list) => list.length > 0,
        { what: `the SMS to ${to}` },
      );
      assert.equal(messages.length, 1, `exactly one SMS to ${to}`);
    }
  });

  it('gives up with an OtpNetworkError when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const otp = new OtpClient({
      apiKey: project.key,
      baseUrl: `http://127.0.0.1:${port}/v1`,
      retry: { maxRetries: 1 },
    });
    await assert.rejects(otp.getProject(), OtpNetworkError);
  });
});
