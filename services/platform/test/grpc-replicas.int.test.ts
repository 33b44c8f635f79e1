import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type * as grpc from '@grpc/grpc-js';
import { loadBillingProto, type BillingClient, type BillingHandlers } from '@otp/proto';
import { peerAddress } from '../src/config.js';
import { createGrpcClient } from '../src/grpc/client.js';
import { implement, startGrpcServer } from '../src/grpc/server.js';
import { createLogger } from '../src/logging.js';

const logger = createLogger('grpc-replicas-test', 'silent');

/** A Billing replica whose GetFees counts the calls it got and the connections they came on. */
async function replica(options: { connectionAgeMs?: number; answerAfterMs?: number } = {}) {
  let calls = 0;
  const connections = new Set<string>();
  const handlers = implement<Pick<BillingHandlers, 'GetFees'>>(logger, {
    async GetFees(_request, call) {
      calls += 1;
      connections.add(call.getPeer());
      if (options.answerAfterMs) await new Promise((resolve) => setTimeout(resolve, options.answerAfterMs));
      return { verify_fee_cents: 2, messenger_fee_cents: 2 };
    },
  });
  const server = await startGrpcServer({
    host: '127.0.0.1',
    port: 0,
    ...(options.connectionAgeMs === undefined ? {} : { connectionAgeMs: options.connectionAgeMs }),
    services: [
      {
        name: 'otp.billing.v1.Billing',
        definition: loadBillingProto().otp.billing.v1.Billing.service,
        implementation: handlers as unknown as grpc.UntypedServiceImplementation,
      },
    ],
  });
  return { server, calls: () => calls, connections: () => connections.size };
}

describe('gRPC peers given as a list of replicas (real client and servers)', () => {
  it('spreads calls over every replica, and goes on with the others while one is down', async () => {
    const replicas = [await replica(), await replica()];
    const client = createGrpcClient<BillingClient>(
      loadBillingProto().otp.billing.v1.Billing,
      replicas.map((r) => `127.0.0.1:${r.server.port}`).join(','),
      5000,
    );
    try {
      for (let i = 0; i < 20; i++) await client.GetFees({});
      assert.ok(
        replicas[0]!.calls() >= 5 && replicas[1]!.calls() >= 5,
        `${replicas[0]!.calls()} / ${replicas[1]!.calls()}`,
      );

      await replicas[0]!.server.stop();
      const before = replicas[1]!.calls();
      for (let i = 0; i < 10; i++) await client.GetFees({});
      assert.equal(replicas[1]!.calls() - before, 10);
    } finally {
      client.close();
      await Promise.allSettled(replicas.map((r) => r.server.stop()));
    }
  });

  it('a connection the server closes for its age is replaced without failing a call, in flight or new', async () => {
    // Servers close each connection after MAX_CONNECTION_AGE_MS so clients resolve their peers
    // again (new pods behind a headless Service); here after 300 ms, with calls still answering.
    const server = await replica({ connectionAgeMs: 300, answerAfterMs: 50 });
    const client = createGrpcClient<BillingClient>(
      loadBillingProto().otp.billing.v1.Billing,
      `127.0.0.1:${server.server.port}`,
      5000,
    );
    try {
      const until = Date.now() + 1500;
      const callers = Array.from({ length: 4 }, async () => {
        let answered = 0;
        while (Date.now() < until) {
          await client.GetFees({});
          answered += 1;
        }
        return answered;
      });
      const answered = (await Promise.all(callers)).reduce((a, b) => a + b, 0);
      assert.equal(server.calls(), answered, 'every call was answered once');
      assert.ok(server.connections() >= 3, `the client reconnected as connections aged (${server.connections()})`);
    } finally {
      client.close();
      await server.server.stop();
    }
  });

  it('the peer-address setting takes host:port or a list of IP:port, and refuses a list of names', () => {
    assert.equal(peerAddress.parse('billing:50051'), 'billing:50051');
    assert.equal(peerAddress.parse('127.0.0.1:1, 127.0.0.1:2'), '127.0.0.1:1,127.0.0.1:2');
    assert.equal(peerAddress.safeParse('billing-0:50051,billing-1:50051').success, false);
    assert.equal(peerAddress.safeParse('billing').success, false);
    assert.equal(peerAddress.safeParse('').success, false);
  });
});
