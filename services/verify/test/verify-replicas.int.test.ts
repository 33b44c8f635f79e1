import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { freePort, startService, type RunningService } from '@otp/platform/launcher';
import { eventually } from '@otp/test/infra';
import { VerifyWorld } from './verify-world.js';

// Two verify processes on one database and one NATS: both timers race on every fallback and
// expiry, both take channel reports and recovery passes. Each verification still gets one SMS
// fallback and one finished event.

let world: VerifyWorld;
let second: RunningService;

describe('two verify replicas', () => {
  beforeAll(async () => {
    world = await VerifyWorld.start({ RECOVERY_INTERVAL_MS: '200', RECOVERY_AFTER_MS: '1500' });
    second = await startService('verify', { ...world.platform.envOf('verify'), GRPC_PORT: String(await freePort()) });
  });
  afterAll(async () => {
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
});
