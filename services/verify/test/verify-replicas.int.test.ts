import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, isDomainError, type PromiseClient } from '@otp/platform';
import { freePort, startService, type RunningService } from '@otp/platform/launcher';
import { loadVerifyProto, type VerifyClient } from '@otp/proto';
import { eventually } from '@otp/test/infra';
import { VerifyWorld } from './verify-world.js';

// Two verify processes on one database and one NATS: both timers race on every fallback and
// expiry, both take channel reports and recovery passes. Each verification still gets one SMS
// fallback and one finished event. Checks of one verification spread over both count every
// wrong code once, though each replica decides on the copy it last wrote.

let world: VerifyWorld;
let second: RunningService;
let replicas: PromiseClient<VerifyClient>[];

describe('two verify replicas', () => {
  beforeAll(async () => {
    world = await VerifyWorld.start({ RECOVERY_INTERVAL_MS: '200', RECOVERY_AFTER_MS: '1500' });
    const port = await freePort();
    second = await startService('verify', { ...world.platform.envOf('verify'), GRPC_PORT: String(port) });
    const Verify = loadVerifyProto().otp.verify.v1.Verify;
    replicas = [world.platform.ports.verify, port].map((p) => createGrpcClient(Verify, `127.0.0.1:${p}`, 10000));
  });
  afterAll(async () => {
    for (const replica of replicas ?? []) replica.close();
    await second?.stop();
    await world?.stop();
  });

  it('timers racing on fallback and expiry: one SMS and one finished event per verification', async () => {
    const project = await world.project({ expiry_minutes: 1, fallback_wait_seconds: 10 });
    const numbers = Array.from({ length: 6 }, () => world.number('91'));
    const started = await Promise.all(numbers.map((to) => world.start(project, to)));
    const finished = await Promise.all(
      started.map((v) => world.until(project, v.sid, (now) => now.status === 'expired', 'expiry')),
    );
    for (const [i, verification] of finished.entries()) {
      assert.equal(verification.fallback_reason, 'timeout');
      assert.deepEqual(
        verification.attempts.map((a) => a.channel),
        ['messenger', 'sms'],
      );
      assert.equal((await world.codes(numbers[i]!, 'sms')).length, 1, 'one SMS fallback');
      assert.equal(await world.writtenFinishedEvents(verification.sid), 1);
      const events = await eventually(
        async () => world.finishedEvents(verification.sid),
        (e) => e.length >= 1,
        { what: 'the event' },
      );
      assert.deepEqual(
        events.map((e) => e.type),
        ['verification.expired'],
      );
      await world.assertCostMatchesLedger(project, verification);
    }
  });

  it('checks alternating between the replicas: every wrong code counts once, the right one approves once', async () => {
    const project = await world.project({ max_wrong_codes: 5 });
    const to = world.number('10');
    const { sid } = await world.start(project, to);
    const code = await world.codeFor(to, 'messenger');
    const wrong = code === '000000' ? '111111' : '000000';
    const check = (replica: number, entered: string) =>
      replicas[replica]!.Check({ project_id: project.id, sid, code: entered });
    // Each replica's copy falls behind the row as soon as the other one writes.
    const left: number[] = [];
    for (const replica of [0, 1, 1, 0]) {
      const result = await check(replica, wrong);
      assert.equal(result.valid, false);
      left.push(result.verification!.checks_left);
    }
    assert.deepEqual(left, [4, 3, 2, 1]);
    const approved = await check(1, code);
    assert.equal(approved.valid, true);
    assert.equal(approved.verification!.status, 'approved');
    // The replica whose copy still says pending reads the row and refuses like the other one.
    for (const replica of [0, 1]) {
      await assert.rejects(
        check(replica, code),
        (error: unknown) => isDomainError(error) && error.code === 'VERIFICATION_NOT_PENDING',
      );
    }
    assert.equal((await world.get(project, sid)).status, 'approved');
    assert.equal(await world.writtenFinishedEvents(sid), 1);
  });
});
