import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { STREAMS } from '@otp/platform';
import { natsUrl } from '@otp/test/infra';
import { describeFloorDrift, floorAround, floorRuns, SMS_REQUEST } from './floor.js';
import { BENCH_CONNECTIONS, load, type LoadFigures } from './load.js';
import { DEPLOYED_PLATFORM, report, reportTracing, startMeasuredPlatform, type Floor } from './measured-platform.js';
import { measureHopPrices } from './parts.js';
import type { Usage } from './usage.js';

// SMS scenario: POST /v1/messages/sms through the whole send path (gateway auth and validation,
// Sms.Send, Billing.Quote and Billing.Hold, the insert, the JetStream publish) and the delivery
// behind it (the worker's claim, capture and submit to the sandbox carrier, the status events),
// against a floor that does only the unavoidable part: one Postgres insert and one JetStream
// publish. CPU per send is counted until the queue is empty again, so it includes the delivery.

const GOAL = { ratio: 0.2, cpuMs: 3 };
/**
 * The sandbox carrier's bind takes whatever the path sends (window 10, the default; no TPS
 * limit): the scenario measures the platform, not the carrier's contract. With the default
 * `SMPP_TPS` of 200 on one bind, delivery could never keep up with the goal's rate (0.20 of a
 * floor of about 3,000 a second), whatever the platform did.
 */
const CARRIER_CAPACITY = { sms: { SMPP_TPS: '100000' } };
/** How long the queue may take to empty after the load before the run counts as not keeping up. */
const DRAIN_LIMIT_MS = 60_000;

interface QueueFigures {
  /** Messages enqueued and taken off the queue during the load, per second. */
  fillPerSecond: number;
  drainPerSecond: number;
  maxDepth: number;
  /** Time from the end of the load until the queue was empty. */
  drainAfterMs: number;
}

type QueueWatch = Awaited<ReturnType<typeof watchQueue>>;

/** Watches the SMS work queue (SMS_OUTBOUND, a work queue: a message leaves once the worker acks it). */
async function watchQueue() {
  const nc = await connect({ servers: natsUrl() });
  const jsm = await jetstreamManager(nc);
  const state = async () => {
    const info = await jsm.streams.info(STREAMS.smsOutbound.name).catch(() => undefined);
    return { depth: info?.state.messages ?? 0, published: info?.state.last_seq ?? 0, at: Date.now() };
  };
  const start = await state();
  let maxDepth = start.depth;
  let watching = Promise.resolve();
  const timer = setInterval(() => {
    watching = watching.then(async () => {
      maxDepth = Math.max(maxDepth, (await state()).depth);
    });
  }, 500);
  return {
    /** Call when the load ends: waits for the queue to empty and returns the figures. */
    async loadEnded(): Promise<QueueFigures> {
      clearInterval(timer);
      await watching;
      const end = await state();
      let now = end;
      while (now.depth > 0 && now.at - end.at < DRAIN_LIMIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        now = await state();
      }
      await nc.close();
      const seconds = (end.at - start.at) / 1000;
      const filled = end.published - start.published;
      return {
        fillPerSecond: filled / seconds,
        drainPerSecond: (filled - (end.depth - start.depth)) / seconds,
        maxDepth: Math.max(maxDepth, end.depth),
        drainAfterMs: now.depth > 0 ? Infinity : now.at - end.at,
      };
    },
  };
}

/**
 * The send path with `projects` projects, one API key per connection in turn. Every send holds and
 * later captures money on its project's account row, so one project serialises on that row; many
 * projects show what the rest of the path can do.
 */
async function sendPath(
  projects: number,
  traced: boolean,
): Promise<{ figures: LoadFigures; usage: Usage; queue: QueueFigures }> {
  const measured = await startMeasuredPlatform(DEPLOYED_PLATFORM, traced, CARRIER_CAPACITY);
  const { platform } = measured;
  try {
    const keys: string[] = [];
    for (let i = 0; i < projects; i++) {
      // Load, not abuse: one number over and over at full speed is what the fraud defaults refuse.
      const project = await platform.newProject({ credit: '100000.00', abuseLimits: 'off' });
      await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Bench', site: 'bench.example.com' });
      await platform.admin.post(`/projects/${project.id}/sender-ids/Bench/approve`);
      keys.push(project.key);
    }
    // Measured from the end of the warm-up, once its messages have left the queue.
    let measuring: { queue: QueueWatch; usage: { stop(): Promise<Usage> } } | undefined;
    const figures = await load(
      `POST /v1/messages/sms (${projects} project${projects > 1 ? 's' : ''})${traced ? ', traced' : ''}`,
      {
        url: `${platform.publicUrl}/v1/messages/sms`,
        connectionHeaders: keys.map((key) => ({ authorization: `Bearer ${key}` })),
        body: JSON.stringify({ ...SMS_REQUEST, from: 'Bench' }),
        beforeMeasuring: async () => {
          await (await watchQueue()).loadEnded();
          measuring = { queue: await watchQueue(), usage: await measured.measure() };
        },
      },
    );
    if (!measuring) throw new Error('the measured run never started');
    const queueFigures = await measuring.queue.loadEnded();
    return { figures, usage: await measuring.usage.stop(), queue: queueFigures };
  } finally {
    await measured.stop();
  }
}

function reportQueue(queue: QueueFigures): void {
  // Keeping up: nothing left a moment after the load (the last sends are still in flight when it ends).
  const keptUp = queue.drainPerSecond >= 0.95 * queue.fillPerSecond || queue.drainAfterMs <= 2000;
  console.log(
    `  queue: filled ${queue.fillPerSecond.toFixed(0)}/s, drained ${queue.drainPerSecond.toFixed(0)}/s during the load, ` +
      `max depth ${queue.maxDepth}, empty ${Number.isFinite(queue.drainAfterMs) ? `${queue.drainAfterMs} ms` : 'never'} after it   ` +
      `drains as fast as it fills: ${keptUp ? 'PASS' : 'MISS'}`,
  );
}

export async function smsBenchmark(databaseUrl: string): Promise<void> {
  const floors = floorRuns(databaseUrl);
  const runs: { run: Awaited<ReturnType<typeof sendPath>>; floor: Floor }[] = [];
  const measured: Floor[] = [await floors.measure()];
  for (const [projects, traced] of [
    [1, false],
    [BENCH_CONNECTIONS, false],
    [BENCH_CONNECTIONS, true],
  ] as const) {
    const run = await sendPath(projects, traced);
    const before = measured[measured.length - 1]!;
    const after = await floors.measure();
    measured.push(after);
    runs.push({ run, floor: floorAround(before, after) });
  }
  const prices = await measureHopPrices(databaseUrl);
  console.log(describeFloorDrift(measured));
  for (const { run, floor } of runs) {
    report(run.figures, run.usage, floor, GOAL, prices);
    reportQueue(run.queue);
  }
  const [, many, traced] = runs;
  reportTracing(
    'SMS send',
    { figures: many!.run.figures, floor: many!.floor },
    { figures: traced!.run.figures, floor: traced!.floor },
  );
}
