import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { OtpApiError, OtpClient, OtpNetworkError, OtpWebhookError, verifyWebhook } from '@otp/sdk';
import { REPO_ROOT } from '@otp/platform/launcher';
import { eventually, startTestPlatform, type TestPlatform, type TestProject } from '@otp/test/infra';

const run = promisify(execFile);

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

/** The sender ID SMS (and verify's SMS fallback) go from, approved and made the default. */
async function approveSender(target: TestProject): Promise<void> {
  await platform.admin.post(`/projects/${target.id}/sender-ids`, { value: 'OTPDemo', site: 'demo.example' });
  await platform.admin.post(`/projects/${target.id}/sender-ids/OTPDemo/approve`);
  await platform.admin.patch(`/projects/${target.id}/settings/sms`, { default_sender_id: 'OTPDemo' });
}

function client(options: Partial<ConstructorParameters<typeof OtpClient>[0]> = {}): OtpClient {
  return new OtpClient({ apiKey: project.key, baseUrl: `${platform.publicUrls[0]}/v1`, ...options });
}

describe('the TypeScript SDK', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({ env: { gateway: { MAX_IN_FLIGHT: '1', ADMISSION_QUEUE_MS: '0' } } });
    // The retry case fires a burst to neighbouring numbers: load, not abuse.
    project = await platform.newProject({ credit: '20.00', abuseLimits: 'off' });
    await approveSender(project);
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

  it('tells a replayed answer from a first one, and names the request it came in', async () => {
    const otp = client();
    const body = { to: '+447700123421', body: 'Replay me once.' };
    const first = await otp.sendSms(body, { idempotencyKey: 'sdk-replay-1' });
    const again = await otp.sendSms(body, { idempotencyKey: 'sdk-replay-1' });
    assert.equal(again.sid, first.sid);
    assert.equal(first.lastResponse.idempotentReplayed, false);
    assert.equal(again.lastResponse.idempotentReplayed, true);
    assert.equal(first.lastResponse.status, 201);
    assert.ok(first.lastResponse.requestId && first.lastResponse.requestId !== again.lastResponse.requestId);
    // Not part of the resource: a result stored or sent on as JSON stays the API's shape.
    assert.equal('lastResponse' in JSON.parse(JSON.stringify(first)), false);
  });

  it("throws a velocity rule's 429 at once instead of waiting out its minute", async () => {
    const limited = await platform.newProject({ credit: '5.00' });
    await approveSender(limited);
    const rule = await platform.admin.patch(`/projects/${limited.id}/settings/fraud`, {
      number_limit: 1,
      number_window_seconds: 600,
    });
    assert.equal(rule.status, 200, rule.text);
    let tries = 0;
    const counted: typeof fetch = async (input, init) => {
      tries++;
      return fetch(input, init);
    };
    const otp = new OtpClient({ apiKey: limited.key, baseUrl: `${platform.publicUrls[0]}/v1`, fetch: counted });
    const to = '+447700123422';
    const first = await otp.startVerification({ to });
    const [message] = await eventually(
      () => inbox(to),
      (messages) => messages.some((m) => m.code !== null),
      { what: 'the first code' },
    );
    // Approved, so nothing but the number limit stands in the way of the next start.
    assert.equal((await otp.checkVerification(first.sid, { code: message!.code! })).status, 'approved');
    tries = 0;
    const refused = await otp.startVerification({ to }).then(
      () => assert.fail('a second start inside the number limit was accepted'),
      (e: unknown) => e,
    );
    assert.ok(refused instanceof OtpApiError);
    assert.equal(refused.status, 429);
    assert.ok((refused.retryAfterSeconds ?? 0) > 8, `Retry-After ${refused.retryAfterSeconds}`);
    assert.equal(tries, 1, 'the refusal was not retried');
  });

  it('installs from its packed tarball outside the repository and calls the API from a scratch project', async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'otp-sdk-'));
    try {
      const copy = path.join(scratch, 'sdk');
      await mkdir(copy);
      for (const part of ['package.json', 'tsconfig.json', 'README.md', 'src']) {
        await cp(path.join(REPO_ROOT, 'sdk', 'typescript', part), path.join(copy, part), { recursive: true });
      }
      const npm = (args: string[], cwd: string) =>
        run('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], { cwd, maxBuffer: 16 * 1024 * 1024 });
      await npm(['install'], copy);
      const packed = await npm(['pack', '--pack-destination', scratch], copy);
      const tarball = path.join(scratch, packed.stdout.trim().split('\n').pop()!);
      const { stdout: listing } = await run('tar', ['-tzf', tarball]);
      const files = listing.trim().split('\n');
      assert.ok(files.includes('package/dist/index.js') && files.includes('package/dist/index.d.ts'), listing);
      assert.ok(files.includes('package/README.md'), listing);
      assert.equal(files.filter((file) => file.startsWith('package/src/')).length, 0, 'sources are not shipped');

      const app = path.join(scratch, 'app');
      await mkdir(app);
      await writeFile(path.join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
      await npm(['install', tarball], app);
      await writeFile(
        path.join(app, 'main.mjs'),
        [
          "import { OtpClient } from '@otp/sdk';",
          'const otp = new OtpClient({ apiKey: process.env.OTP_API_KEY, baseUrl: process.env.OTP_BASE_URL });',
          'const project = await otp.getProject();',
          'console.log(JSON.stringify({ id: project.id, requestId: project.lastResponse.requestId, livemode: otp.livemode }));',
        ].join('\n'),
      );
      const { stdout } = await run('node', ['main.mjs'], {
        cwd: app,
        env: { ...process.env, OTP_API_KEY: project.key, OTP_BASE_URL: `${platform.publicUrls[0]}/v1` },
      });
      const answer = JSON.parse(stdout) as { id: string; requestId?: string; livemode: boolean };
      assert.equal(answer.id, project.id);
      assert.ok(answer.requestId);
      assert.equal(answer.livemode, true);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
