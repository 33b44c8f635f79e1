import { freePort, START_ORDER, withRequiredPeers, type ServiceName } from '@otp/platform/launcher';
import { natsUrl, startTestPlatform, type TestPlatform } from '@otp/test/infra';
import { startTraceCollector, type TraceCollector } from '../infra/trace-collector.js';
import { describe, type LoadFigures } from './load.js';
import { priceHops, type HopPrices } from './parts.js';
import { measureUsage, rssMb, servicePids, type Usage } from './usage.js';

// A platform started for a benchmark: every service with its metrics endpoint (for the statement
// counts), optionally traced as the Helm chart's production values do (OTLP over HTTP, ratio 0.2,
// to a local receiver), and its RSS read once it is up and again once it has been idle, before
// any load.

export const TRACED_RATIO = '0.2';
/**
 * The services a path runs through in production are not all it costs: every consumer of the
 * events it causes pays too (verify follows channel status events, the webhook dispatcher takes
 * every event). The scenarios start the whole platform as the chart deploys it (the console aside:
 * it serves people, not the API), so those consumers are counted.
 */
export const DEPLOYED_PLATFORM: ServiceName[] = START_ORDER.filter((name) => name !== 'console');
const IDLE_RSS_GOAL_MB = 100;
/** Processes outside the platform's cost: the simulators stand in for carriers and providers. */
const NOT_THE_PLATFORM = new Set(['sandbox']);

export interface MeasuredPlatform {
  platform: TestPlatform;
  traced: boolean;
  /** Starts measuring CPU and statements; stop() returns them. */
  measure(): Promise<{ stop(): Promise<Usage> }>;
  stop(): Promise<void>;
}

/**
 * The platform with `only` its services (and the peers they need), each serving its metrics.
 * `serviceEnv` adds settings of the scenario's own (the SMS scenario's carrier capacity).
 */
export async function startMeasuredPlatform(
  only: ServiceName[],
  traced: boolean,
  serviceEnv: Partial<Record<ServiceName, Record<string, string>>> = {},
): Promise<MeasuredPlatform> {
  const collector: TraceCollector | undefined = traced ? await startTraceCollector() : undefined;
  const metricsPorts = new Map<string, number>();
  const env: Partial<Record<ServiceName, Record<string, string>>> = {};
  for (const name of withRequiredPeers(only)) {
    if (NOT_THE_PLATFORM.has(name)) continue;
    const port = await freePort();
    metricsPorts.set(name, port);
    env[name] = {
      ...serviceEnv[name],
      METRICS_PORT: String(port),
      ...(collector
        ? {
            OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
            OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
            OTEL_TRACES_SAMPLER_ARG: TRACED_RATIO,
          }
        : {}),
    };
  }
  const platform = await startTestPlatform({ only, env });
  await reportRss(platform, traced);
  return {
    platform,
    traced,
    measure: () =>
      measureUsage({
        databaseUrl: platform.databaseUrl,
        processes: servicePids(platform),
        natsUrl: natsUrl(),
        metricsPorts,
      }),
    async stop() {
      await platform.stop();
      if (collector) {
        console.log(`  (the OTLP receiver got ${collector.spans().length} spans)`);
        await collector.stop();
      }
    },
  };
}

/** Seconds after start-up the "idle" reading is taken: V8's memory reducer has run by then. */
const IDLE_AFTER_S = 30;

/**
 * The untraced idle reading of each service, kept for the traced platform started next in the
 * same scenario: with tracing on, the goal is to stay within 25% of it.
 */
let untracedIdle: Map<string, number> | undefined;
const TRACED_RSS_GOAL = 1.25;

/**
 * RSS of each service two seconds after it is ready (still holding what start-up allocated: the
 * young generation grown to 2 x 16 MB while modules loaded) and once it has been idle a while:
 * V8's memory reducer gives that back after 10-20 idle seconds (a pod sits idle far longer).
 * The goal is for the idle reading. No request has been served at either.
 */
async function reportRss(platform: TestPlatform, traced: boolean): Promise<void> {
  const read = () =>
    [...servicePids(platform)]
      .filter(([name]) => !NOT_THE_PLATFORM.has(name))
      .map(([name, pid]) => [name, rssMb(pid) ?? 0] as const);
  const line = (readings: (readonly [string, number])[]) =>
    readings.map(([name, mb]) => `${name} ${mb.toFixed(0)} MB`).join(', ');
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const afterStart = read();
  await new Promise((resolve) => setTimeout(resolve, started + IDLE_AFTER_S * 1000 - Date.now()));
  const idle = read();
  const over = idle.filter(([, mb]) => mb > IDLE_RSS_GOAL_MB).map(([name]) => name);
  console.log(`RSS 2 s after start${traced ? ' (traced)' : ''}: ${line(afterStart)}`);
  console.log(
    `idle RSS (${IDLE_AFTER_S} s)${traced ? ' (traced)' : ''}: ${line(idle)}` +
      `   goal <= ${IDLE_RSS_GOAL_MB} MB each: ${over.length === 0 ? 'PASS' : `MISS (${over.join(', ')})`}`,
  );
  if (!traced) {
    untracedIdle = new Map(idle);
    return;
  }
  const ratios = idle.flatMap(([name, mb]) => {
    const plain = untracedIdle?.get(name);
    return plain ? [[name, mb / plain] as const] : [];
  });
  if (ratios.length === 0) return;
  const [worst, ratio] = ratios.reduce((a, b) => (b[1] > a[1] ? b : a));
  console.log(
    `idle RSS traced / untraced: at most ${ratio.toFixed(2)} (${worst})   goal <= ${TRACED_RSS_GOAL}: ${verdict(ratio <= TRACED_RSS_GOAL)}`,
  );
}

export interface PathGoal {
  /** Minimum throughput as a share of the floor's. */
  ratio: number;
  /** Maximum CPU ms per operation, every platform process (sandbox excluded). */
  cpuMs: number;
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** A total per operation, the simulators excluded. */
function platformTotal(byProcess: Map<string, number>, operations: number): number {
  let total = 0;
  for (const [name, value] of byProcess) if (!NOT_THE_PLATFORM.has(name.split('#')[0]!)) total += value;
  return total / Math.max(1, operations);
}

/** Total CPU ms per operation, the simulators excluded. */
export function cpuPerOperation(usage: Usage, operations: number): number {
  return platformTotal(usage.cpuMs, operations);
}

/** The floor of a run: its figures and what it cost (its server, Postgres and NATS). */
export interface Floor {
  figures: LoadFigures;
  usage: Usage;
}

const operationsOf = (figures: LoadFigures) => Math.max(1, figures.total - figures.failed);

/** Each process's share per operation, largest first ("sms 4.31, postgres 3.82"). */
function perProcess(byProcess: Map<string, number>, operations: number, digits: number): string {
  return [...byProcess]
    .sort((a, b) => b[1] - a[1])
    .map(([name, value]) => `${name} ${(value / operations).toFixed(digits)}`)
    .join(', ');
}

/** The entries that counted anything. */
const nonZero = (byProcess: Map<string, number>) => new Map([...byProcess].filter(([, value]) => value > 0));

/** The floor's line, with its own CPU and write calls per request: what each path is measured against. */
export function describeFloor(floor: Floor): string {
  const operations = operationsOf(floor.figures);
  return (
    `${describe(floor.figures)}\n` +
    `  floor CPU ms/op ${cpuPerOperation(floor.usage, operations).toFixed(2)}: ${perProcess(floor.usage.cpuMs, operations, 2)}\n` +
    `  floor write calls/op ${platformTotal(floor.usage.writes, operations).toFixed(1)}: ${perProcess(floor.usage.writes, operations, 2)}`
  );
}

/**
 * Prints one path's figures against the floor measured next to it (floor.ts) and its goal, and
 * what its hops alone cost at the bare prices measured in the same scenario (parts.ts).
 */
export function report(figures: LoadFigures, usage: Usage, floor: Floor, goal: PathGoal, prices: HopPrices): void {
  const operations = operationsOf(figures);
  // Requests answered as asked: a refused one (a 422, a 503) is not throughput, and is cheap.
  const ratio = figures.answeredPerSecond / floor.figures.answeredPerSecond;
  const cpu = cpuPerOperation(usage, operations);
  const floorCpu = cpuPerOperation(floor.usage, operationsOf(floor.figures));
  const perOp = (value: number) => (value / operations).toFixed(2);
  console.log(
    `${figures.name.padEnd(44)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${figures.p50Ms} ms  p99 ${figures.p99Ms} ms  (${figures.total} requests, ${figures.failed} failed)`,
  );
  console.log(
    `  vs floor ${ratio.toFixed(3)} (answered 2xx: ${figures.answeredPerSecond.toFixed(0)} a second against the floor's ${floor.figures.answeredPerSecond.toFixed(0)}, the runs before and after)   ` +
      `goal >= ${goal.ratio.toFixed(2)}: ${verdict(ratio >= goal.ratio)}`,
  );
  console.log(
    `  CPU ms/op ${cpu.toFixed(2)} (sandbox excluded, ${(cpu / floorCpu).toFixed(1)} x the floor's)   goal <= ${goal.cpuMs}: ${verdict(cpu <= goal.cpuMs)}   ` +
      perProcess(usage.cpuMs, operations, 2),
  );
  const writes = platformTotal(usage.writes, operations);
  const floorWrites = platformTotal(floor.usage.writes, operationsOf(floor.figures));
  console.log(
    `  write calls/op ${writes.toFixed(1)} (sandbox excluded, ${(writes / floorWrites).toFixed(1)} x the floor's): ` +
      perProcess(nonZero(usage.writes), operations, 1),
  );
  // What the number of writes alone costs: each write call (a statement, a gRPC message, a
  // publish, an answer) wakes another process, and at the floor's own CPU per write call this
  // many of them would still cost more than the goal when they are more than it allows. Below
  // that count, the rest of the gap is what each write costs here beyond the floor's.
  const perWrite = floorCpu / Math.max(1, floorWrites);
  const allowed = goal.cpuMs / perWrite;
  console.log(
    `  write calls priced as the floor's (${perWrite.toFixed(3)} ms each): ${writes.toFixed(1)} cost ${(writes * perWrite).toFixed(2)} ms, ` +
      `the CPU goal allows ${allowed.toFixed(0)}; this path spends ${(cpu / Math.max(1e-9, writes)).toFixed(3)} ms per write call`,
  );
  const statements = nonZero(usage.statements);
  const total = [...statements.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    `  SQL statements/op ${perOp(total)} (sent by the services, BEGIN/COMMIT included): ` +
      `${perProcess(statements, operations, 2)}   transactions/op ${perOp(usage.transactions)} (pg_stat_database), ` +
      `${perOp(usage.writeTransactions)} of them writing (transaction ids taken)`,
  );
  // The least this path could cost with the hops it makes: over the goal, only fewer hops meet it.
  const hops = priceHops(usage, operations, prices);
  console.log(
    `  its hops alone, priced bare: ${hops.cpuMs.toFixed(2)} ms/op (${hops.description})   ` +
      `within the CPU goal: ${hops.cpuMs <= goal.cpuMs ? 'yes' : 'NO, fewer hops are the only way to it'}; ` +
      `the services' own work on top: ${(cpu - hops.cpuMs).toFixed(2)} ms/op`,
  );
}

/**
 * Traced against untraced: the goal is to stay within 25% of the untraced figure. Each figure is
 * the path's throughput as a share of the floor measured next to it (floor.ts), so the machine's
 * drift between the two runs is taken out; the raw ratio of requests a second is printed too.
 */
export function reportTracing(
  name: string,
  untraced: { figures: LoadFigures; floor: Floor },
  traced: { figures: LoadFigures; floor: Floor },
): void {
  const share = (run: { figures: LoadFigures; floor: Floor }) =>
    run.figures.answeredPerSecond / run.floor.figures.answeredPerSecond;
  const ratio = share(traced) / share(untraced);
  const raw = traced.figures.answeredPerSecond / untraced.figures.answeredPerSecond;
  console.log(
    `${name}: traced / untraced ${ratio.toFixed(2)} of the floor-relative throughput ` +
      `(requests a second alone: ${raw.toFixed(2)})   goal >= 0.75: ${verdict(ratio >= 0.75)}`,
  );
}
