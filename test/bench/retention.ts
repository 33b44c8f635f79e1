import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  connectBus,
  createLogger,
  ensureStream,
  outboxRetention,
  OutboxRelay,
  RetentionTask,
  schemaPool,
  STREAMS,
} from '@otp/platform';
import { natsUrl } from '@otp/test/infra';
import { BENCH_SECONDS } from './load.js';

// Retention scenario: pruning a million old published outbox rows must not stall the relay. The
// sms schema's real outbox table (and its indexes) holds 1,000,000 rows published two days ago;
// the real OutboxRelay publishes fresh events to JetStream while the real retention task deletes
// the old rows in batches. Fresh events are measured from their commit to their arrival on a NATS
// subscription, first with the old rows merely present, then while they are being pruned.

const OLD_ROWS = Number(process.env.BENCH_RETENTION_ROWS ?? 1_000_000);
const STEADY_PER_SECOND = 200;
const BACKLOG = 5_000;
const SUBJECT = 'events.sms.status';
const logger = createLogger('bench-retention', 'warn');

interface Figures {
  p50Ms: number;
  p99Ms: number;
  steadyEvents: number;
  backlogPerSecond: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

export async function retentionBenchmark(databaseUrl: string): Promise<void> {
  const pool = schemaPool(databaseUrl, 'sms', 8);
  const bus = await connectBus({ url: natsUrl() }, 'bench-retention', logger);
  await ensureStream(bus.jsm, STREAMS.events);

  console.log(`seeding ${OLD_ROWS.toLocaleString('en')} outbox rows published two days ago ...`);
  const seeded = performance.now();
  for (let done = 0; done < OLD_ROWS; done += 100_000) {
    await pool.query(
      `INSERT INTO outbox_events (id, subject, type, payload, headers, created_at, published_at)
       SELECT gen_random_uuid(), $1, 'sms.sent',
              jsonb_build_object('id', g, 'type', 'sms.sent', 'data', jsonb_build_object('sid', 'SM' || md5(g::text), 'to', '+447700900123', 'status', 'sent')),
              '{}', now() - interval '2 days', now() - interval '2 days' + g * interval '1 millisecond'
         FROM generate_series(1, $2::int) g`,
      [SUBJECT, Math.min(100_000, OLD_ROWS - done)],
    );
  }
  await pool.query('VACUUM ANALYZE outbox_events');
  console.log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  // Commit time of each fresh event, and its latency once it reaches a subscriber.
  const committed = new Map<string, number>();
  let latencies: number[] = [];
  let arrived = 0;
  const subscription = bus.nc.subscribe(SUBJECT, {
    callback: (_error, message) => {
      const id = (message.json() as { id: string }).id;
      const at = committed.get(id);
      if (at === undefined) return;
      committed.delete(id);
      latencies.push(performance.now() - at);
      arrived += 1;
    },
  });
  const relay = new OutboxRelay({ pool, js: bus.js, logger });
  relay.start();

  async function insertFresh(rows: number): Promise<void> {
    const ids = Array.from({ length: rows }, () => randomUUID());
    await pool.query(
      `INSERT INTO outbox_events (id, subject, type, payload, headers)
       SELECT id, $2, 'sms.sent', jsonb_build_object('id', id, 'type', 'sms.sent'), '{}' FROM unnest($1::uuid[]) id`,
      [ids, SUBJECT],
    );
    const now = performance.now();
    for (const id of ids) committed.set(id, now);
    relay.wake();
  }

  async function until(done: () => boolean): Promise<void> {
    while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /** Steady fresh events for BENCH_SECONDS (latency), then a backlog at once (throughput). */
  async function measure(): Promise<Figures> {
    latencies = [];
    arrived = 0;
    const started = performance.now();
    let sent = 0;
    while (performance.now() - started < BENCH_SECONDS * 1000) {
      const due = Math.floor(((performance.now() - started) / 1000) * STEADY_PER_SECOND);
      if (due > sent) {
        await insertFresh(due - sent);
        sent = due;
      } else {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    }
    await until(() => arrived >= sent);
    const sorted = [...latencies].sort((a, b) => a - b);
    const steady = { p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), steadyEvents: sent };
    arrived = 0;
    const backlogStarted = performance.now();
    await insertFresh(BACKLOG);
    await until(() => arrived >= BACKLOG);
    return { ...steady, backlogPerSecond: BACKLOG / ((performance.now() - backlogStarted) / 1000) };
  }

  function describe(name: string, f: Figures): string {
    return `${name.padEnd(34)} fresh events: p50 ${f.p50Ms.toFixed(1).padStart(6)} ms   p99 ${f.p99Ms.toFixed(1).padStart(6)} ms   (${f.steadyEvents} at ${STEADY_PER_SECOND}/s)   backlog of ${BACKLOG}: ${f.backlogPerSecond.toFixed(0)} events/s`;
  }

  try {
    // Warm-up (JIT, connections, the stream), not measured.
    arrived = 0;
    await insertFresh(2_000);
    await until(() => arrived >= 2_000);
    const quiet = await measure();
    console.log(describe('relay, old rows present', quiet));

    const prune = new RetentionTask({ rules: [outboxRetention(pool, 24)], batchSize: 500, intervalMs: 60_000, logger });
    const pruneStarted = performance.now();
    let pruneEnded: number | undefined;
    const pruning = prune.pass().then((deleted) => {
      pruneEnded = performance.now();
      return deleted.outbox_events ?? 0;
    });
    const busy = await measure();
    const measuredUntil = performance.now();
    const deleted = await pruning;
    const pruneMs = (pruneEnded ?? performance.now()) - pruneStarted;
    console.log(describe('relay, while pruning', busy));
    console.log(
      `prune: ${deleted.toLocaleString('en')} rows in ${(pruneMs / 1000).toFixed(1)} s (${(deleted / (pruneMs / 1000)).toFixed(0)} rows/s, batches of 500); ` +
        `it ran during ${Math.min(100, (Math.min(pruneMs, measuredUntil - pruneStarted) / (measuredUntil - pruneStarted)) * 100).toFixed(0)} % of the measurement`,
    );
    console.log(
      `ratio (while pruning / without): p50 ${(busy.p50Ms / quiet.p50Ms).toFixed(2)}x, p99 ${(busy.p99Ms / quiet.p99Ms).toFixed(2)}x latency, ` +
        `${(busy.backlogPerSecond / quiet.backlogPerSecond).toFixed(2)} of the throughput`,
    );
    const left = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_events WHERE published_at < now() - interval '24 hours'`,
    );
    console.log(`old published rows left: ${left.rows[0]!.n}`);
  } finally {
    await relay.stop();
    subscription.unsubscribe();
    await bus.close();
    await pool.end();
  }
}
