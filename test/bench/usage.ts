import { readdirSync, readFileSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import type { TestPlatform } from '@otp/test/infra';
import { BENCH_ANALYZE } from './load.js';

// What a run costs each process, read from /proc (Linux): CPU (utime + stime) and write calls
// (`syscw` of /proc/<pid>/io: socket and file writes, one per message a process sends another)
// before and after, idle RSS, and the statements each service sent to Postgres (its metrics endpoint:
// `db.client.operation.duration`, telemetry/statement-metrics.ts in @otp/platform). Postgres backends come and go with the pools, so they are
// sampled during the run: a backend first seen mid-run counts from zero, one that exits keeps its
// last sample.

const TICK_MS = 1000 / 100; // USER_HZ: 100 on Linux (getconf CLK_TCK)
const SAMPLE_MS = 250;

function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), counted from field 3 (state).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined; // gone
  }
}

/** Write-family system calls the process made so far (each message to another process is one). */
function writeCalls(pid: number): number | undefined {
  try {
    const match = /^syscw: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined; // gone, or another user's process
  }
}

export function rssMb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The nats-server serving `natsUrl`'s port on this machine, if it is a local process. */
function natsServerPid(natsUrl: string): number | undefined {
  const port = new URL(natsUrl).port || '4222';
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!args[0]?.endsWith('nats-server')) continue;
      const flag = args.findIndex((a) => a === '-p' || a === '--port');
      if ((flag >= 0 ? args[flag + 1] : '4222') === port) return Number(entry);
    } catch {
      // exited while listed
    }
  }
  return undefined;
}

/** The platform's processes by name (`verify`, `verify#1` for a second replica). */
export function servicePids(platform: TestPlatform): Map<string, number> {
  const pids = new Map<string, number>();
  for (const [name, list] of platform.replicas) {
    list.forEach((service, replica) => {
      if (service.process.pid) pids.set(replica === 0 ? name : `${name}#${replica}`, service.process.pid);
    });
  }
  return pids;
}

export interface Usage {
  /** CPU ms per process name over the run ('postgres' = every backend of the database, 'nats'). */
  cpuMs: Map<string, number>;
  /** Write calls per process name over the run, named as cpuMs. */
  writes: Map<string, number>;
  /** Statements sent to Postgres per service (from their metrics endpoints). */
  statements: Map<string, number>;
  /** Transactions the database committed or rolled back (pg_stat_database). */
  transactions: number;
  /**
   * Transactions that wrote (each took a transaction id; the server's next id moved by this many),
   * so each flushed its commit to the WAL. Counted over the whole server, where nothing but the run writes.
   */
  writeTransactions: number;
  /** The hops a run made, counted where they land (parts.ts prices each kind). */
  hops: Hops;
}

/** Messages between processes, by kind, over a run. */
export interface Hops {
  /** gRPC calls the services served (`rpc_server_call_duration_seconds_count`). */
  grpcCalls: number;
  /** HTTP requests the services served (`http_server_request_duration_seconds_count`: the API and provider reports). */
  httpRequests: number;
  /** JetStream messages stored, over every stream (the change of each stream's last sequence). */
  published: number;
  /** JetStream deliveries to consumers, over every consumer of every stream (redeliveries included). */
  delivered: number;
}

/** What to measure: named processes, the database their backends serve, NATS, metrics endpoints. */
export interface Measured {
  databaseUrl: string;
  processes: Map<string, number>;
  natsUrl: string;
  /** Services' metrics ports, for their statement counts (none for the floor). */
  metricsPorts?: Map<string, number>;
}

/** A counter per pid, read at the first and the latest sample. */
class Counter {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();

  constructor(private readonly read: (pid: number) => number | undefined) {}

  sample(pid: number, initial: boolean): void {
    const value = this.read(pid);
    if (value === undefined) return;
    // A backend first seen mid-run counts from zero (it started during the run).
    if (!this.first.has(pid)) this.first.set(pid, initial ? value : 0);
    this.last.set(pid, value);
  }

  spent(pid: number): number {
    return (this.last.get(pid) ?? 0) - (this.first.get(pid) ?? 0);
  }

  /** Per process name, every backend summed as 'postgres'. */
  byName(processes: Map<string, number>, backends: Set<number>): Map<string, number> {
    const named = new Map<string, number>();
    for (const [name, pid] of processes) named.set(name, this.spent(pid));
    named.set(
      'postgres',
      [...backends].reduce((sum, pid) => sum + this.spent(pid), 0),
    );
    return named;
  }
}

/** Starts measuring; `stop()` returns what happened since. */
export async function measureUsage(measured: Measured): Promise<{ stop(): Promise<Usage> }> {
  const metricsPorts = measured.metricsPorts ?? new Map<string, number>();
  const database = new URL(measured.databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: measured.databaseUrl });
  await client.connect();
  const own = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  // What autovacuum does within a minute of a deployment's first writes, and every time a table
  // grows by a tenth after that: statistics of the tables as the warm-up left them. Postgres
  // keeps each connection's plan of a named statement until the statistics of its tables change,
  // so without this every service would run the plans it made on the empty tables of a fresh
  // database for the whole run, which a deployed platform does not.
  if (BENCH_ANALYZE) await client.query('ANALYZE');
  const processes = new Map(measured.processes);
  const nats = natsServerPid(measured.natsUrl);
  if (nats) processes.set('nats', nats);

  const cpu = new Counter(cpuMs);
  const writes = new Counter(writeCalls);
  const backends = new Set<number>();
  const sample = async (initial: boolean) => {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> $2',
      [database, own],
    );
    for (const { pid } of rows) backends.add(pid);
    for (const pid of [...processes.values(), ...backends]) {
      cpu.sample(pid, initial);
      writes.sample(pid, initial);
    }
  };
  const transactions = async () =>
    Number(
      (
        await client.query<{ n: string }>(
          'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1',
          [database],
        )
      ).rows[0]?.n ?? 0,
    );
  // The next transaction id, read without taking one.
  const nextTransactionId = async () =>
    Number(
      (await client.query<{ n: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS n')).rows[0]?.n ?? 0,
    );
  const metricsBefore = await scrape(metricsPorts);
  const statementsBefore = statementsIn(metricsBefore);
  const hopsBefore = await countHops(measured.natsUrl, metricsBefore);
  const transactionsBefore = await transactions();
  const transactionIdBefore = await nextTransactionId();
  await sample(true);
  let sampling: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(() => sample(false)).catch(() => undefined);
  }, SAMPLE_MS);

  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      await sample(false);
      const metricsAfter = await scrape(metricsPorts);
      const statementsAfter = statementsIn(metricsAfter);
      const hopsAfter = await countHops(measured.natsUrl, metricsAfter);
      const statements = new Map<string, number>();
      for (const [name, count] of statementsAfter) statements.set(name, count - (statementsBefore.get(name) ?? 0));
      // The stats collector publishes counters at most every PGSTAT_MIN_INTERVAL (1 s).
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const usage = {
        cpuMs: cpu.byName(processes, backends),
        writes: writes.byName(processes, backends),
        statements,
        transactions: (await transactions()) - transactionsBefore,
        writeTransactions: (await nextTransactionId()) - transactionIdBefore,
        hops: {
          grpcCalls: hopsAfter.grpcCalls - hopsBefore.grpcCalls,
          httpRequests: hopsAfter.httpRequests - hopsBefore.httpRequests,
          published: hopsAfter.published - hopsBefore.published,
          delivered: hopsAfter.delivered - hopsBefore.delivered,
        },
      };
      await client.end();
      return usage;
    },
  };
}

/** Each metrics endpoint's text (empty when it does not answer). */
async function scrape(metricsPorts: Map<string, number>): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  await Promise.all(
    [...metricsPorts].map(async ([name, port]) => {
      texts.set(
        name,
        await fetch(`http://127.0.0.1:${port}/metrics`).then(
          (response) => response.text(),
          () => '',
        ),
      );
    }),
  );
  return texts;
}

/** The sum of every sample of one metric (all its label sets) in one endpoint's text. */
function metricTotal(text: string, metric: string): number {
  let sum = 0;
  for (const match of text.matchAll(new RegExp(`^${metric}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'gm')))
    sum += Number(match[1]);
  return sum;
}

/** Each service's statements so far (the count of `db_client_operation_duration_seconds`), from its scraped text. */
function statementsIn(texts: Map<string, string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [name, text] of texts) {
    if (/^db_client_operation_duration_seconds_count/m.test(text))
      counts.set(name, metricTotal(text, 'db_client_operation_duration_seconds_count'));
  }
  return counts;
}

/** The hops counted so far: the services' gRPC and HTTP counters (scraped texts), and JetStream's own sequences. */
async function countHops(natsUrl: string, texts: Map<string, string>): Promise<Hops> {
  let grpcCalls = 0;
  let httpRequests = 0;
  for (const text of texts.values()) {
    grpcCalls += metricTotal(text, 'rpc_server_call_duration_seconds_count');
    httpRequests += metricTotal(text, 'http_server_request_duration_seconds_count');
  }
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    let published = 0;
    let delivered = 0;
    for await (const stream of jsm.streams.list()) {
      published += stream.state.last_seq;
      for await (const consumer of jsm.consumers.list(stream.config.name)) delivered += consumer.delivered.consumer_seq;
    }
    return { grpcCalls, httpRequests, published, delivered };
  } finally {
    await nc.close();
  }
}
