import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import {
  eventually,
  startPrivateNats,
  usePlatformNats,
  startTestPlatform,
  type ErrorBody,
  type PrivateNats,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';

// The queue goes away: this suite runs its own nats-server (so stopping it harms no other suite)
// and kills it between two sends.

interface Sms {
  sid: string;
  status: string;
  cost: string;
}
interface LedgerEntry {
  kind: string;
  amount: string;
  reference: string;
}

let nats: PrivateNats;
let platform: TestPlatform;
let project: TestProject;
let restoreNats: (() => void) | undefined;

describe('SMS when the queue is unavailable', () => {
  beforeAll(async () => {
    nats = await startPrivateNats();
    restoreNats = usePlatformNats(nats);
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'gateway'],
      // A short grace: with NATS gone the worker cannot drain, and stopping should not wait long for it.
      env: { sms: { SMS_QUEUE_TIMEOUT_MS: '1000', SHUTDOWN_GRACE_MS: '2000' } },
    });
    project = await platform.newProject();
    await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'MyShop', site: 'shop.example.com' });
    await platform.admin.post(`/projects/${project.id}/sender-ids/MyShop/approve`);
  });
  afterAll(async () => {
    await platform?.stop();
    await nats?.dispose();
    restoreNats?.();
  });

  it('answers 503 QUEUE_UNAVAILABLE, keeps the message as enqueue_failed and releases the hold', async () => {
    const ok = await project.api.post<Sms>('/messages/sms', {
      to: '+447700123456',
      body: 'before the outage',
      from: 'MyShop',
    });
    assert.equal(ok.status, 201, ok.text);
    await eventually(
      () => project.api.get<Sms>(`/messages/sms/${ok.body.sid}`),
      (r) => r.body.status === 'sent',
      { what: 'the first SMS to be sent' },
    );
    const balanceBefore = (await platform.admin.get<{ balance: string }>(`/projects/${project.id}`)).body.balance;

    await nats.kill();

    const refused = await project.api.post<ErrorBody & { error: { message: string } }>('/messages/sms', {
      to: '+447700123456',
      body: 'during the outage',
      from: 'MyShop',
    });
    assert.equal(refused.status, 503, refused.text);
    assert.equal(refused.body.error.code, 'QUEUE_UNAVAILABLE');
    const sid = /SM[a-f0-9]{24}/.exec(refused.body.error.message)?.[0];
    assert.ok(sid, 'the message names the saved sid');

    const saved = await project.api.get<Sms>(`/messages/sms/${sid}`);
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.status, 'enqueue_failed');

    const ledger = await platform.admin.get<{ entries: LedgerEntry[] }>(`/projects/${project.id}/ledger`);
    const own = ledger.body.entries.filter((e) => e.reference === sid);
    assert.deepEqual(own.map((e) => [e.kind, e.amount]).sort(), [
      ['hold', '-0.05'],
      ['release', '0.05'],
    ]);
    const balanceAfter = (await platform.admin.get<{ balance: string }>(`/projects/${project.id}`)).body.balance;
    assert.equal(balanceAfter, balanceBefore);
  });
});
