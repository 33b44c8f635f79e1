import { natsUrl } from '@otp/test/infra';
import { startBenchProcess } from './bench-process.js';
import { load } from './load.js';
import { describeFloor, type Floor } from './measured-platform.js';
import { measureUsage, type Usage } from './usage.js';

// The floor every path is measured against (floor-server.ts: express, one insert, one publish),
// measured next to each path's run rather than once per scenario. This machine's speed drifts by
// a third within minutes (the same code ran 25% slower or faster from one run to the next), so a
// floor measured once, minutes away from a path, moves the path's ratio by as much as any change
// to the path could. Each path is compared with the mean of the floor runs just before and just
// after it, and the floor's own spread is printed, so a reader can tell drift from a change.

/** The body of an SMS send: what the SMS scenario posts, and what the floor stores and publishes. */
export const SMS_REQUEST = { to: '+14155550123', body: 'Your order has shipped.' };

export interface FloorRuns {
  /** One measured run (after the usual warm-up), printed as it is made. */
  measure(): Promise<Floor>;
}

/**
 * The floor's runs of one scenario. Each run starts its own server (and its stream): a platform
 * started between two runs resets the bench's NATS streams, the floor's included.
 */
export function floorRuns(databaseUrl: string): FloorRuns {
  let runs = 0;
  return { measure: () => measureFloor(databaseUrl, ++runs) };
}

async function measureFloor(databaseUrl: string, run: number): Promise<Floor> {
  const { child, ports } = await startBenchProcess('./floor-server.ts', [], {
    DATABASE_URL: databaseUrl,
    NATS_URL: natsUrl(),
  });
  try {
    const port = ports.http!;
    // Its own cost is measured as the platform's is: the server, its database's backends, NATS.
    let measuring: { stop(): Promise<Usage> } | undefined;
    const figures = await load(`floor run ${run}: express + insert + publish`, {
      url: `http://127.0.0.1:${port}/floor`,
      body: JSON.stringify(SMS_REQUEST),
      beforeMeasuring: async () => {
        measuring = await measureUsage({
          databaseUrl,
          processes: new Map([['floor', child.pid!]]),
          natsUrl: natsUrl(),
        });
      },
    });
    if (!measuring) throw new Error('the measured run never started');
    const floor = { figures, usage: await measuring.stop() };
    if (figures.failed > 0) throw new Error(`the floor failed ${figures.failed} of ${figures.total} requests`);
    console.log(describeFloor(floor));
    return floor;
  } finally {
    child.kill('SIGTERM');
  }
}

const sumOf = (a: Map<string, number>, b: Map<string, number>) => {
  const sum = new Map(a);
  for (const [name, value] of b) sum.set(name, (sum.get(name) ?? 0) + value);
  return sum;
};

/**
 * The floor runs before and after a path as one: their mean throughput, and their CPU, write
 * calls and statements over both runs' requests.
 */
export function floorAround(before: Floor, after: Floor): Floor {
  const mean = (a: number, b: number) => (a + b) / 2;
  return {
    figures: {
      name: `${before.figures.name} and ${after.figures.name}`,
      requestsPerSecond: mean(before.figures.requestsPerSecond, after.figures.requestsPerSecond),
      answeredPerSecond: mean(before.figures.answeredPerSecond, after.figures.answeredPerSecond),
      p50Ms: mean(before.figures.p50Ms, after.figures.p50Ms),
      p99Ms: mean(before.figures.p99Ms, after.figures.p99Ms),
      total: before.figures.total + after.figures.total,
      failed: before.figures.failed + after.figures.failed,
    },
    usage: {
      cpuMs: sumOf(before.usage.cpuMs, after.usage.cpuMs),
      writes: sumOf(before.usage.writes, after.usage.writes),
      statements: sumOf(before.usage.statements, after.usage.statements),
      transactions: before.usage.transactions + after.usage.transactions,
      writeTransactions: before.usage.writeTransactions + after.usage.writeTransactions,
      hops: {
        grpcCalls: before.usage.hops.grpcCalls + after.usage.hops.grpcCalls,
        httpRequests: before.usage.hops.httpRequests + after.usage.hops.httpRequests,
        published: before.usage.hops.published + after.usage.hops.published,
        delivered: before.usage.hops.delivered + after.usage.hops.delivered,
      },
    },
  };
}

/** How far the floor moved over a scenario: each run's throughput and the largest step between neighbours. */
export function describeFloorDrift(floors: Floor[]): string {
  const rates = floors.map((floor) => floor.figures.requestsPerSecond);
  let largest = 0;
  for (let i = 1; i < rates.length; i++) largest = Math.max(largest, Math.abs(rates[i]! / rates[i - 1]! - 1));
  return (
    `floor over this scenario: ${rates.map((rate) => rate.toFixed(0)).join(' -> ')} req/s ` +
    `(largest step between neighbouring runs ${(100 * largest).toFixed(0)}%); each path below is compared ` +
    `with the mean of the floor runs just before and just after it`
  );
}
