import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, type PromiseClient } from '@otp/platform';
import { loadSmsProto, type SmsClient } from '@otp/proto';
import pg from 'pg';
import { eventually, startTestPlatform, type TestPlatform, type TestProject } from '@otp/test/infra';

// The SMS service's side of "codes are never readable after hand-over" and of "one home for SMS
// rules", through its gRPC API as Verify calls it: a purpose-verify text is stored sealed and shown
// masked (GET, event, webhook), erased once final; Sms.Quote answers what Send then holds.

const VODAFONE = '+447700123456'; // 0.05 per segment
const SENDER = 'MyShop';

let platform: TestPlatform;
let project: TestProject;
let sms: PromiseClient<SmsClient>;
let db: pg.Pool;
let receiver: Server;
const webhooks: string[] = [];

interface SmsResource {
  sid: string;
  status: string;
  body: string;
  sms_segments: number;
  cost: string;
}

describe('verify texts and quotes (Sms.Send purpose verify, Sms.Quote)', () => {
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        webhooks.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'gateway', 'webhook-dispatcher'],
      env: { sms: { SMS_RETRY_BASE_MS: '50' } },
    });
    project = await platform.newProject();
    assert.equal(
      (await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: SENDER, site: 'x.example' })).status,
      201,
    );
    assert.equal((await platform.admin.post(`/projects/${project.id}/sender-ids/${SENDER}/approve`)).status, 200);
    sms = createGrpcClient(loadSmsProto().otp.sms.v1.Sms, `127.0.0.1:${platform.ports.sms}`, 10000);
    db = new pg.Pool({ connectionString: platform.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    sms?.close();
    await db?.end();
    await platform?.stop();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  it('a verify text is shown masked in GET, the event and the webhook; the carrier gets the code; erased once sent', async () => {
    const callback = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const message = await sms.Send({
      project_id: project.id,
      to: VODAFONE,
      body: 'Your code is 73914265',
      masked_body: 'Your code is ********',
      from: SENDER,
      callback,
      metadata_json: '{}',
      purpose: 'verify',
      request_key: 'VEtest:attempt:1',
    });
    assert.equal(message.body, 'Your code is ********');

    const inbox = await eventually(
      async () =>
        (await platform.sandbox.get<{ messages: { text: string }[] }>(`/inbox?to=${encodeURIComponent(VODAFONE)}`)).body
          .messages,
      (messages) => messages.length > 0,
      { what: 'the SMS at the handset' },
    );
    assert.equal(inbox[0]!.text, 'Your code is 73914265');

    const shown = await eventually(
      async () => (await project.api.get<SmsResource>(`/messages/sms/${message.sid}`)).body,
      (m) => m.status === 'sent',
      { what: 'the SMS sent' },
    );
    assert.equal(shown.body, 'Your code is ********');

    // The carrier's receipt follows with sms.delivered: every webhook of the message shows it masked.
    const events = await eventually(
      async () =>
        webhooks
          .filter((body) => body.includes(message.sid))
          .map((body) => ({ body, event: JSON.parse(body) as { type: string; data: SmsResource } })),
      (found) => found.some(({ event }) => event.type === 'sms.sent'),
      { what: 'the sms.sent webhook' },
    );
    for (const { body, event } of events) {
      assert.equal(event.data.body, 'Your code is ********', event.type);
      assert.ok(!body.includes('73914265'), event.type);
    }

    const row = await db.query<{ body: string; body_sealed: string | null }>(
      'SELECT body, body_sealed FROM sms.messages WHERE sid = $1',
      [message.sid],
    );
    assert.deepEqual(row.rows[0], { body: 'Your code is ********', body_sealed: null });
    const outbox = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sms.outbox_events WHERE payload::text LIKE '%73914265%'`,
    );
    assert.equal(outbox.rows[0]!.n, 0);
  });

  it('purpose verify needs a masked body; a direct send cannot give one', async () => {
    const base = { project_id: project.id, to: VODAFONE, from: SENDER, metadata_json: '{}' };
    await assert.rejects(sms.Send({ ...base, body: 'Your code is 1234', purpose: 'verify' }), /masked_body/);
    await assert.rejects(
      sms.Send({ ...base, body: 'hello', masked_body: 'hello', purpose: 'direct' }),
      /masked_body: only for purpose verify/,
    );
  });

  it('Sms.Quote answers the sender, segments and cost Send then holds ([ACME] is ASCII: 1 segment, as the spec counts)', async () => {
    const body =
      '[ACME] Your verification code is 123456. It expires in 10 minutes. Please never share it, not even with us!!!';
    const quote = await sms.Quote({ project_id: project.id, to: VODAFONE, body, from: 'myshop', purpose: 'verify' });
    assert.deepEqual([quote.from, quote.sms_segments, quote.price_cents, quote.cost_cents], [SENDER, 1, 5, 5]);
    const sent = await project.api.post<SmsResource>('/messages/sms', { to: VODAFONE, body, from: SENDER });
    assert.equal(sent.status, 201, sent.text);
    assert.deepEqual([sent.body.sms_segments, sent.body.cost], [1, '0.05']);

    await assert.rejects(
      sms.Quote({ project_id: project.id, to: VODAFONE, body, from: 'Unknown1', purpose: 'verify' }),
      /SENDER_ID_NOT_APPROVED|not an approved sender ID/,
    );
  });
});
