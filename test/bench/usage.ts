import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import type { TestPlatform } from '@otp/test/infra';
import { BENCH_ANALYZE } from './load.js';

// What a run costs each process, read from /proc (Linux): CPU (utime + stime) and write calls
// (`syscw` of /proc/<pid>/io: socket and file writes, one per message a process sends another)
// before and after, idle RSS, and the statements each service sent to Postgres (its metrics endpoint, see
// `countStatements` in @otp/platform). Postgres backends come and go with the pools, so they are
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
  const statementsBefore = await scrapeStatements(metricsPorts);
  const transactionsBefore = await transactions();
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
      const statementsAfter = await scrapeStatements(metricsPorts);
      const statements = new Map<string, number>();
      for (const [name, count] of statementsAfter) statements.set(name, count - (statementsBefore.get(name) ?? 0));
      // The stats collector publishes counters at most every PGSTAT_MIN_INTERVAL (1 s).
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const usage = {
        cpuMs: cpu.byName(processes, backends),
        writes: writes.byName(processes, backends),
        statements,
        transactions: (await transactions()) - transactionsBefore,
      };
      await client.end();
      return usage;
    },
  };
}

async function scrapeStatements(metricsPorts: Map<string, number>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  await Promise.all(
    [...metricsPorts].map(async ([name, port]) => {
      const text = await fetch(`http://127.0.0.1:${port}/metrics`).then(
        (response) => response.text(),
        () => '',
      );
      const match = /^db_client_statements_total(?:\{[^}]*\})? (\d+)/m.exec(text);
      if (match) counts.set(name, Number(match[1]));
    }),
  );
  return counts;
}
