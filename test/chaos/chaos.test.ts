import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type { ServiceName } from '@otp/platform/launcher';
import { runWorkload, seededRandom, startPrivateNats, type PrivateNats } from '../infra/index.js';
import { tally, World } from './world.js';

// After any single fault the platform settles into a truthful state. The
// platform starts service by service on a NATS of this suite's own; under concurrent load (SMS
// sends, messenger sends, verification starts and checks, webhooks to a local receiver; keyed
// requests retried with the same Idempotency-Key like a careful client) each of the services and
// NATS is SIGKILLed in turn at a seeded random moment and restarted; once settled, every
// invariant is checked and each violation names its sid and the invariant.
//
// CHAOS_SEED=<n> replays a run (the seed is printed); CHAOS_FAULTS=sms,nats runs only those.

const SEED = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ALL_FAULTS = ['gateway', 'billing', 'sms', 'messenger', 'verify', 'webhook-dispatcher', 'nats'] as const;
type Fault = (typeof ALL_FAULTS)[number];
const FAULTS = process.env.CHAOS_FAULTS
  ? ALL_FAULTS.filter((fault) => process.env.CHAOS_FAULTS!.split(',').includes(fault))
  : ALL_FAULTS;

const LOAD_MS = 6000;
const WORKERS = 6;

let nats: PrivateNats;
let world: World;
// Fault moments come from their own sequence, so they replay exactly whatever the load's timing.
const faultRandom = seededRandom(SEED);

async function inject(fault: Fault): Promise<void> {
  if (fault === 'nats') {
    await nats.kill();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await nats.restart();
    return;
  }
  await world.platform.restart(fault as ServiceName, 'SIGKILL');
}

describe(`chaos: one SIGKILL at a time under load (CHAOS_SEED=${SEED})`, () => {
  beforeAll(async () => {
    process.stdout.write(`chaos seed ${SEED} (rerun with CHAOS_SEED=${SEED})\n`);
    nats = await startPrivateNats();
    world = await World.start({ nats });
  });
  afterAll(async () => {
    await world?.stop();
    await nats?.dispose();
  });

  for (const [round, fault] of FAULTS.entries()) {
    it(`${fault} killed under load: every invariant holds once settled`, async () => {
      const project = await world.project();
      const killAtMs = Math.round(1000 + faultRandom() * (LOAD_MS - 3000));
      // The fault lands at its random moment, but not before every kind has been created once: a
      // round whose kill came before anything flowed (a slow start on a loaded machine) proves nothing.
      const flowing = new Set<string>();
      let everyKindFlowing!: () => void;
      const flowingNow = new Promise<void>((resolve) => (everyKindFlowing = resolve));
      const loadStarted = Date.now();
      const load = runWorkload({
        api: project.api,
        sandbox: world.platform.sandbox,
        random: seededRandom(SEED + round + 1),
        round,
        callback: world.receiver.url(`/chaos/${fault}`),
        workers: WORKERS,
        durationMs: LOAD_MS,
        giveUpMs: 45000,
        onOutcome: (outcome) => {
          if (outcome.status !== 201) return;
          flowing.add(outcome.kind);
          if (flowing.size === 3) everyKindFlowing();
        },
        onCheck: (check) => {
          if (check.status === 0 || check.status >= 500 || check.elapsedMs > 10000) {
            process.stdout.write(
              `${fault}: check of ${check.sid} ended ${check.status} after ${check.tries} tries, ${check.elapsedMs} ms: ${check.text.slice(0, 160)}\n`,
            );
          }
        },
      }).then(
        (outcomes) => ({ outcomes }),
        (error: unknown) => ({ error }),
      );
      await Promise.all([new Promise((resolve) => setTimeout(resolve, killAtMs)), Promise.race([flowingNow, load])]);
      const killedAtMs = Date.now() - loadStarted;
      await inject(fault);
      const result = await load;
      if ('error' in result) throw result.error;
      const { outcomes } = result;
      process.stdout.write(`${fault} killed at ${killedAtMs} ms; answers: ${tally(outcomes)}\n`);
      for (const kind of ['sms', 'messenger', 'verification'] as const) {
        assert.ok(
          outcomes.some((o) => o.kind === kind && o.status === 201),
          `the load created no ${kind} at all: ${tally(outcomes)}`,
        );
      }
      const checking = Date.now();
      const violations = await world.settleAndCheck(project, outcomes);
      process.stdout.write(`${fault}: settled and checked in ${Date.now() - checking} ms\n`);
      assert.deepEqual(violations, [], `seed ${SEED}, fault ${fault}: ${violations.length} violation(s)`);
    });
  }
});
