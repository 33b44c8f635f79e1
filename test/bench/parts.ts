import { natsUrl } from '@otp/test/infra';
import { startBenchProcess, type BenchProcess } from './bench-process.js';
import { SMS_REQUEST } from './floor.js';
import { describe, load } from './load.js';
import { measureUsage, type Usage } from './usage.js';

// What each kind of hop costs on this machine, measured in the same run as the paths, and what a
// path's hops alone cost at those prices. A path is made of hops the architecture asks for (a gRPC
// call to each service it crosses, a statement for each state change, an event for each change
// of status, the API request itself) and of the work our code does around them. Priced bare
// (parts-server.ts: the same libraries, nothing of ours), the hops a path made are the least it
// could cost with them: when that alone is over a goal, no work on our own code meets the goal,
// and only fewer hops (a different architecture) can. The rest of the path's CPU is ours to cut.

/** CPU ms of one hop of each kind, every process involved (client, server, Postgres, NATS). */
export interface HopPrices {
  /** An HTTP request served by express with a JSON body and answer (the API's own request). */
  http: number;
  /** A gRPC unary call to another process, both ends (grpc-js, as the services use it). */
  grpcCall: number;
  /** A Postgres statement, without its commit. */
  statement: number;
  /** A transaction's commit (its WAL flush), on top of its statements. */
  commit: number;
  /** A JetStream message stored (an awaited publish with Nats-Msg-Id). */
  publish: number;
  /** A JetStream delivery to a consumer in another process, acknowledged. */
  delivery: number;
}

/** The bare parts, each a route of parts-server.ts (its routes are typed by this list); each run's CPU per request. */
const PARTS = ['answer', 'call', 'statement', 'transaction', 'publish', 'publish-consumed'] as const;
export type Part = (typeof PARTS)[number];

/** One part's run against its peer: the edge process, the usual warm-up, a measured run. */
async function measurePart(databaseUrl: string, part: Part, peer: BenchProcess): Promise<number> {
  const edge = await startBenchProcess('./parts-server.ts', ['edge'], {
    NATS_URL: natsUrl(),
    DATABASE_URL: databaseUrl,
    PEER_ADDR: `127.0.0.1:${peer.ports.grpc}`,
  });
  try {
    let measuring: { stop(): Promise<Usage> } | undefined;
    const figures = await load(`part: ${part}`, {
      url: `http://127.0.0.1:${edge.ports.http}/${part}`,
      body: JSON.stringify(SMS_REQUEST),
      beforeMeasuring: async () => {
        measuring = await measureUsage({
          databaseUrl,
          processes: new Map([
            ['edge', edge.child.pid!],
            ['peer', peer.child.pid!],
          ]),
          natsUrl: natsUrl(),
        });
      },
    });
    if (!measuring) throw new Error('the measured run never started');
    const usage = await measuring.stop();
    if (figures.failed > 0) throw new Error(`part ${part} failed ${figures.failed} of ${figures.total} requests`);
    const perRequest = [...usage.cpuMs.values()].reduce((sum, ms) => sum + ms, 0) / Math.max(1, figures.total);
    console.log(`${describe(figures)}   CPU ms/request ${perRequest.toFixed(3)}`);
    return perRequest;
  } finally {
    edge.child.kill('SIGTERM');
  }
}

/**
 * Runs every part (each with the usual warm-up, then a measured run) and derives the price of each
 * hop: a part's CPU per request less the bare request's. A statement alone carries its commit; the
 * same statement between BEGIN and COMMIT is three statements and one commit, so the two runs give
 * each apart. Prices below zero (the machine's drift over a difference of two runs) count as zero,
 * which only makes a path's hops look cheaper.
 */
export async function measureHopPrices(databaseUrl: string): Promise<HopPrices> {
  const cost = new Map<Part, number>();
  for (const part of PARTS) {
    // Fresh processes for each part, as the floor has: a platform started between two scenarios
    // resets the bench's streams.
    const peer = await startBenchProcess('./parts-server.ts', ['peer'], { NATS_URL: natsUrl() });
    try {
      cost.set(part, await measurePart(databaseUrl, part, peer));
    } finally {
      peer.child.kill('SIGTERM');
    }
  }
  const of = (part: Part) => cost.get(part)!;
  const above = (part: Part) => Math.max(0, of(part) - of('answer'));
  // statement + commit = alone; 3 statements + commit = in a transaction.
  const statement = Math.max(0, (above('transaction') - above('statement')) / 2);
  const prices: HopPrices = {
    http: of('answer'),
    grpcCall: above('call'),
    statement,
    commit: Math.max(0, above('statement') - statement),
    publish: above('publish'),
    delivery: Math.max(0, above('publish-consumed') - above('publish')),
  };
  console.log(`hop prices, CPU ms each: ${describePrices(prices)}`);
  return prices;
}

/** The prices as one line. */
const describePrices = (prices: HopPrices) =>
  `HTTP request ${prices.http.toFixed(3)}, gRPC call ${prices.grpcCall.toFixed(3)}, statement ${prices.statement.toFixed(3)}, ` +
  `commit ${prices.commit.toFixed(3)}, JetStream publish ${prices.publish.toFixed(3)}, delivery ${prices.delivery.toFixed(3)}`;

/** What a run's hops cost at bare prices, per operation, and of what. */
export function priceHops(usage: Usage, operations: number, prices: HopPrices): { cpuMs: number; description: string } {
  const statements = [...usage.statements.values()].reduce((sum, n) => sum + n, 0);
  const counts: [keyof HopPrices, string, number][] = [
    ['http', 'HTTP requests', usage.hops.httpRequests],
    ['grpcCall', 'gRPC calls', usage.hops.grpcCalls],
    ['statement', 'statements', statements],
    // A transaction that only read flushes nothing: only those that wrote are priced.
    ['commit', 'commits', usage.writeTransactions],
    ['publish', 'JetStream publishes', usage.hops.published],
    ['delivery', 'deliveries', usage.hops.delivered],
  ];
  const ops = Math.max(1, operations);
  const cpuMs = counts.reduce((sum, [kind, , count]) => sum + (count / ops) * prices[kind], 0);
  const description = counts
    .map(([kind, name, count]) => `${(count / ops).toFixed(2)} ${name} ${((count / ops) * prices[kind]).toFixed(2)}`)
    .join(', ');
  return { cpuMs, description };
}
