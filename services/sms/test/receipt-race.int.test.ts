import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { schemaPool } from '@otp/platform';
import { eventually, startTestPlatform, type TestPlatform, type TestProject } from '@otp/test/infra';

// The sandbox carrier sends each receipt right behind its submit's answer, as many SMSCs do, so
// the receipt reaches the SMS service while the worker is still storing the ids it names. The
// receipt pass is turned off here (it runs once, at start-up): every message's delivery status
// must come from its receipt at once. Before receipts waited for the write of their ids, about
// a third to a half of these messages kept no delivery status until the pass (5 s by default).

interface Sms {
  sid: string;
  status: string;
  delivery_status: string | null;
  delivered_at: string | null;
}

const MESSAGES = 40;
/** Far longer than the test: the pass never runs after start-up. */
const NO_RECEIPT_PASS_MS = String(60 * 60 * 1000);

let platform: TestPlatform;
let project: TestProject;

describe('sms: a receipt that comes back before its ids are stored', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'gateway'],
      env: { sms: { SMS_RECEIPT_PASS_MS: NO_RECEIPT_PASS_MS } },
    });
    // Many sends to neighbouring numbers at once is load here, not abuse.
    project = await platform.newProject({ credit: '9.00', abuseLimits: 'off' });
    await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Receipts', site: 'example.com' });
    await platform.admin.post(`/projects/${project.id}/sender-ids/Receipts/approve`);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('settles every message as delivered from its receipt, without the receipt pass', async () => {
    const sent = await Promise.all(
      Array.from({ length: MESSAGES }, async (_, i) => {
        const response = await project.api.post<Sms>('/messages/sms', {
          to: `+1415555${String(100 + i).padStart(4, '0')}`,
          body: `Order ${i} has shipped.`,
          from: 'Receipts',
        });
        assert.equal(response.status, 201, response.text);
        return response.body.sid;
      }),
    );
    const settled = await eventually(
      () => Promise.all(sent.map(async (sid) => (await project.api.get<Sms>(`/messages/sms/${sid}`)).body)),
      (list) => list.every((sms) => sms.delivery_status !== null),
      { what: 'a delivery status on every message', timeoutMs: 20_000 },
    );
    for (const sms of settled) {
      assert.equal(sms.status, 'sent');
      assert.equal(sms.delivery_status, 'delivered');
      assert.ok(sms.delivered_at);
    }
    // Each receipt found its message as it was stored: none waits unmatched for the pass.
    const pool = schemaPool(platform.databaseUrl, 'sms');
    try {
      const { rows } = await pool.query<{ unmatched: number }>(
        'SELECT count(*)::int AS unmatched FROM delivery_receipts WHERE sid IS NULL',
      );
      assert.equal(rows[0]!.unmatched, 0);
    } finally {
      await pool.end();
    }
  });
});
