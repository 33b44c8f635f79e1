import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { startPrivateNats, usePlatformNats, type ErrorBody, type PrivateNats } from '@otp/test/infra';
import { cents, VerifyWorld } from './verify-world.js';

// NATS goes away mid-run: this suite has its own nats-server, so killing it harms no other suite.
// An SMS start cannot queue its code and is refused with nothing kept; a messenger start does not
// need the queue, and what happened meanwhile reaches everyone once the queue is back.

let nats: PrivateNats;
let world: VerifyWorld;
let restoreNats: (() => void) | undefined;

interface LedgerEntry {
  kind: string;
  amount: string;
  reference: string;
}

describe('verify when the queue is unavailable', () => {
  beforeAll(async () => {
    nats = await startPrivateNats();
    restoreNats = usePlatformNats(nats);
    world = await VerifyWorld.start();
  });
  afterAll(async () => {
    await world?.stop();
    await nats?.dispose();
    restoreNats?.();
  });

  it('an SMS start answers 503 QUEUE_UNAVAILABLE, stores no verification and gives every cent back', async () => {
    const project = await world.project({ channel: 'sms' });
    const balanceBefore = await world.balanceCents(project);
    await nats.kill();

    const refused = await project.api.post<ErrorBody>('/verifications', { to: world.number('12') });
    assert.equal(refused.status, 503, refused.text);
    assert.equal(refused.body.error.code, 'QUEUE_UNAVAILABLE');

    assert.equal(await world.balanceCents(project), balanceBefore);
    const ledger = await world.platform.admin.get<{ entries: LedgerEntry[] }>(`/projects/${project.id}/ledger`);
    const moves = ledger.body.entries.filter((e) => e.kind !== 'credit');
    const verificationSid = moves.find((e) => e.kind === 'refund')?.reference ?? '';
    assert.match(verificationSid, /^VE[a-f0-9]{24}$/, 'the fee was refunded');
    const smsMoves = moves.filter((e) => e.reference !== verificationSid);
    // The fee was taken and given back; the SMS was only ever held, then released.
    assert.equal(
      moves.filter((e) => e.reference === verificationSid).reduce((sum, e) => sum + cents(e.amount), 0),
      0,
    );
    assert.deepEqual(smsMoves.map((e) => e.kind).sort(), ['hold', 'release']);
    assert.match(smsMoves[0]!.reference, /^SM[a-f0-9]{24}$/);
    const lookup = await project.api.get<ErrorBody>(`/verifications/${verificationSid}`);
    assert.equal(lookup.status, 404, lookup.text);
    assert.equal(lookup.body.error.code, 'VERIFICATION_NOT_FOUND');
  });

  it('a messenger start succeeds without the queue; its delivery and finished event arrive once it is back', async () => {
    const project = await world.project();
    const to = world.number('12');
    const started = await world.start(project, to);
    assert.equal(started.channel, 'messenger');
    const code = await world.codeFor(to, 'messenger');

    await nats.restart();
    // The messenger's delivery report waited in its outbox; verify learns of it after the restart.
    await world.until(project, started.sid, (v) => v.attempts[0]?.status === 'delivered', 'the delayed delivery');
    const checked = await world.check(project, started.sid, code);
    assert.equal(checked.status, 200, checked.text);
    assert.equal(checked.body.status, 'approved');
    assert.equal(await world.writtenFinishedEvents(started.sid), 1);
    await world.assertCostMatchesLedger(project, await world.get(project, started.sid));
  });
});
