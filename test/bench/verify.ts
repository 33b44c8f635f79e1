import autocannon from 'autocannon';
import type { TestPlatform } from '@otp/test/infra';
import { describeFloorDrift, floorAround, floorRuns, type FloorRuns } from './floor.js';
import {
  BENCH_CONNECTIONS,
  BENCH_SECONDS,
  figuresOf,
  warmUp,
  type AutocannonOptions,
  type LoadFigures,
} from './load.js';
import { DEPLOYED_PLATFORM, report, reportTracing, startMeasuredPlatform, type Floor } from './measured-platform.js';
import { measureHopPrices } from './parts.js';
import type { Usage } from './usage.js';

// Verify scenarios: POST /v1/verifications (gateway, Verify.Start: settings, sender ID, quote,
// hold and fee capture, Messenger.Send through the sandbox provider, the insert) and
// POST /v1/verifications/{sid}/check (the held-row decision, HMAC in constant time, the update),
// both against the same floor as the SMS bench: one Postgres insert and one JetStream publish.
// CPU per start is counted until the run's reports settled (the provider's delivery reports and
// the events they cause), a couple of seconds after the load.

const START_GOAL = { ratio: 0.05, cpuMs: 10 };
const CHECK_GOAL = { ratio: 0.5, cpuMs: 1 };
const SETTLE_MS = 3000;

// Sandbox numbers ending in anything but 90-97 are delivered on the messenger: no fallbacks.
const DELIVERED_ENDINGS = ['10', '11', '12', '13', '14', '15'];
/**
 * The n-th start's number: a GB mobile number, valid and priced whatever n is. The bench used
 * +44 7700 numbers, and past the 2,000th start (a 20-second warm-up gets there) it reached ranges
 * that are not valid numbers or that belong to Jersey, which has no price: four starts in five
 * of a measured run were refused with 422 in a fraction of the time a start takes.
 */
function startNumber(n: number): string {
  return `+447400${String(n % 10000).padStart(4, '0')}${DELIVERED_ENDINGS[n % DELIVERED_ENDINGS.length]}`;
}
// Wrong codes each verification can take before it fails; the check runs stay below it.
const WRONG_CODES = 10;
/**
 * Checks of each verification the warm-up may spend (the measured run has the rest): with the
 * verifications of the start's warm-up and run, four each are several seconds of checks.
 */
const CHECKS_TO_WARM_UP = 4;

async function benchProject(platform: TestPlatform) {
  const project = await platform.newProject({ credit: '100000.00', abuseLimits: 'off' });
  await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Bench', site: 'bench.example.com' });
  await platform.admin.post(`/projects/${project.id}/sender-ids/Bench/approve`);
  await platform.admin.patch(`/projects/${project.id}/settings/sms`, { default_sender_id: 'Bench' });
  await platform.admin.patch(`/projects/${project.id}/settings/verify`, { max_wrong_codes: WRONG_CODES });
  return project;
}

interface Measured {
  figures: LoadFigures;
  usage: Usage;
  /** The floor runs just before and just after this path's run, as one (floor.ts). */
  floor: Floor;
}

/**
 * Both paths on one platform, each between two floor runs (floor.ts): the one before the start
 * (`lastFloor`), one between the start and the check, one after the check.
 */
async function verifyPaths(
  traced: boolean,
  floors: FloorRuns,
  lastFloor: Floor,
): Promise<{ start: Measured; check: Measured; floors: Floor[] }> {
  const measured = await startMeasuredPlatform(DEPLOYED_PLATFORM, traced);
  const { platform } = measured;
  const suffix = traced ? ', traced' : '';
  try {
    const project = await benchProject(platform);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${project.key}` };
    const sids: string[] = [];
    let sent = 0;
    // What the failed starts answered (a loaded machine shows 503s from admission or deadlines).
    const refusals = new Map<string, number>();
    const startRun = (): AutocannonOptions => ({
      url: `${platform.publicUrl}/v1/verifications`,
      connections: BENCH_CONNECTIONS,
      duration: BENCH_SECONDS,
      requests: [
        {
          method: 'POST',
          headers,
          setupRequest: (request) => {
            sent += 1;
            return { ...request, body: JSON.stringify({ to: startNumber(sent) }) };
          },
          onResponse: (status, body) => {
            if (status === 201) sids.push((JSON.parse(body) as { sid: string }).sid);
            else
              refusals.set(`${status} ${body.slice(0, 80)}`, (refusals.get(`${status} ${body.slice(0, 80)}`) ?? 0) + 1);
          },
        },
      ],
    });
    // The warm-up's verifications are checked later with the rest; its reports settle unmeasured.
    await warmUp(startRun());
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    refusals.clear();
    const startUsage = await measured.measure();
    const start = await autocannon(startRun());
    for (const [answer, count] of refusals) console.log(`  start answered ${count} x ${answer}`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const startCost = await startUsage.stop();
    if (sids.length === 0) throw new Error('no verification started; the check scenario needs some');
    const between = await floors.measure();

    // Every check is a wrong code (200, valid false): the common, full-work path. Spread over the
    // started verifications so none of them runs out of checks during the run.
    let next = 0;
    const checkRun = (amount: number): AutocannonOptions => ({
      url: `${platform.publicUrl}/v1/verifications`,
      connections: BENCH_CONNECTIONS,
      duration: BENCH_SECONDS,
      amount,
      requests: [
        {
          method: 'POST',
          headers,
          body: JSON.stringify({ code: '00000000' }),
          setupRequest: (request) => ({ ...request, path: `/v1/verifications/${sids[next++ % sids.length]}/check` }),
        },
      ],
    });
    await warmUp(checkRun(sids.length * CHECKS_TO_WARM_UP));
    const checkUsage = await measured.measure();
    const check = await autocannon(checkRun(sids.length * (WRONG_CODES - 1 - CHECKS_TO_WARM_UP)));
    const checkCost = await checkUsage.stop();
    const after = await floors.measure();
    return {
      start: {
        figures: figuresOf(`POST /v1/verifications${suffix}`, start),
        usage: startCost,
        floor: floorAround(lastFloor, between),
      },
      check: {
        figures: figuresOf(`POST /v1/verifications/{sid}/check${suffix}`, check),
        usage: checkCost,
        floor: floorAround(between, after),
      },
      floors: [between, after],
    };
  } finally {
    await measured.stop();
  }
}

export async function verifyBenchmark(databaseUrl: string): Promise<void> {
  const floors = floorRuns(databaseUrl);
  const first = await floors.measure();
  const untraced = await verifyPaths(false, floors, first);
  const traced = await verifyPaths(true, floors, untraced.floors[untraced.floors.length - 1]!);
  const prices = await measureHopPrices(databaseUrl);
  console.log(describeFloorDrift([first, ...untraced.floors, ...traced.floors]));
  for (const run of [untraced, traced]) {
    report(run.start.figures, run.start.usage, run.start.floor, START_GOAL, prices);
    report(run.check.figures, run.check.usage, run.check.floor, CHECK_GOAL, prices);
  }
  reportTracing('verification start', untraced.start, traced.start);
  reportTracing('verification check', untraced.check, traced.check);
}
