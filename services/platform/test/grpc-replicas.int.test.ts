import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type * as grpc from '@grpc/grpc-js';
import { loadBillingProto, type BillingClient, type BillingHandlers } from '@otp/proto';
import { peerAddress } from '../src/config.js';
import { createGrpcClient } from '../src/grpc/client.js';
import { implement, startGrpcServer } from '../src/grpc/server.js';
import { createLogger } from '../src/logging.js';

const logger = createLogger('grpc-replicas-test', 'silent');

/** A Billing replica whose GetFees counts the calls it got. */
async function replica() {
  let calls = 0;
  const handlers = implement<Pick<BillingHandlers, 'GetFees'>>(logger, {
    async GetFees() {
      calls += 1;
      return { verify_fee_cents: 2, messenger_fee_cents: 2 };
    },
  });
  const server = await startGrpcServer({
    host: '127.0.0.1',
    port: 0,
    services: [
      {
        name: 'otp.billing.v1.Billing',
        definition: loadBillingProto().otp.billing.v1.Billing.service,
        implementation: handlers as unknown as grpc.UntypedServiceImplementation,
      },
    ],
  });
  return { server, calls: () => calls };
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

  it('the peer-address setting takes host:port or a list of IP:port, and refuses a list of names', () => {
    assert.equal(peerAddress.parse('billing:50051'), 'billing:50051');
    assert.equal(peerAddress.parse('127.0.0.1:1, 127.0.0.1:2'), '127.0.0.1:1,127.0.0.1:2');
    assert.equal(peerAddress.safeParse('billing-0:50051,billing-1:50051').success, false);
    assert.equal(peerAddress.safeParse('billing').success, false);
    assert.equal(peerAddress.safeParse('').success, false);
  });
});
