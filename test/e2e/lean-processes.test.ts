import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { START_ORDER, type ServiceName } from '@otp/platform/launcher';
import { PRISMA_COMPILER_WATCH, prismaCompilerLoad, startTestPlatform, type TestPlatform } from '@otp/test/infra';

// Lean processes: what a service runs by itself (start-up, recovery passes, timers,
// receipt matching, the webhook loop, retention, the console's sweep, the outbox relay, readiness
// probes) runs on named statements, so
// an idle service never compiles Prisma's WebAssembly query compiler (about 22 MB of resident
// memory); only an admin call that reads or writes through Prisma loads it. Every periodic task
// runs every 100 ms here, so each has run many times before the check.

/** Every service, the console included. */
const SERVICES: ServiceName[] = START_ORDER;
const FAST_TASKS: Record<string, string> = {
  ...PRISMA_COMPILER_WATCH,
  RECOVERY_INTERVAL_MS: '100',
  RETENTION_INTERVAL_MS: '100',
  EXPIRY_SWEEP_INTERVAL_MS: '100',
  VERIFY_TIMER_INTERVAL_MS: '100',
  SMS_RECEIPT_PASS_MS: '100',
  POLL_INTERVAL_MS: '100',
  SWEEP_INTERVAL_MS: '100',
};

let platform: TestPlatform;

describe('lean processes (real service processes)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: SERVICES,
      env: Object.fromEntries(SERVICES.filter((name) => name !== 'sandbox').map((name) => [name, FAST_TASKS])),
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('an idle service runs its start-up and every periodic task without loading Prisma’s query compiler', async () => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const loaded: string[] = [];
    let watched = 0;
    for (const [name, replicas] of platform.replicas) {
      if (name === 'sandbox') continue;
      for (const service of replicas) {
        watched += 1;
        const stack = prismaCompilerLoad(service.lines);
        if (stack) loaded.push(`${name}: ${stack.slice(0, 1500)}`);
      }
    }
    assert.equal(watched, SERVICES.length - 1, 'every service was started and watched');
    assert.deepEqual(loaded, [], 'services that loaded the query compiler while idle, and from where');
  });

  it('the watch sees the compiler load: an admin call that goes through Prisma loads it', async () => {
    // The check above can only pass for the right reason if the watch works at all.
    const project = await platform.newProject();
    assert.ok(project.id);
    const billing = platform.replicas.get('billing')![0]!;
    const gateway = platform.replicas.get('gateway')![0]!;
    const sawIt = [billing, gateway].some((service) => prismaCompilerLoad(service.lines) !== undefined);
    assert.ok(sawIt, 'creating a project (an admin path on Prisma) compiled the query compiler somewhere');
  });
});
