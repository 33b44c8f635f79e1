import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type * as grpc from '@grpc/grpc-js';
import { loadBillingProto, type BillingClient, type BillingHandlers } from '@otp/proto';
import { DomainError } from '../src/errors.js';
import { createGrpcClient } from '../src/grpc/client.js';
import { implement, startGrpcServer } from '../src/grpc/server.js';
import { createLogger } from '../src/logging.js';

const logger = createLogger('grpc-retry-test', 'silent');

/** A Billing server whose GetFees answers with `answer` and counts the calls it got. */
async function billingAnswering(answer: () => Promise<{ verify_fee_cents: number; messenger_fee_cents: number }>) {
  let calls = 0;
  const handlers = implement<Pick<BillingHandlers, 'GetFees'>>(logger, {
    async GetFees() {
      calls += 1;
      return answer();
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
  const client = createGrpcClient<BillingClient>(
    loadBillingProto().otp.billing.v1.Billing,
    `127.0.0.1:${server.port}`,
    5000,
  );
  return { server, client, calls: () => calls };
}

describe('gRPC retries (real client and server)', () => {
  it("a peer's domain answer of QUEUE_UNAVAILABLE reaches the caller after one call, not three", async () => {
    const { server, client, calls } = await billingAnswering(() =>
      Promise.reject(new DomainError('QUEUE_UNAVAILABLE', 'saved but not queued')),
    );
    try {
      await assert.rejects(
        client.GetFees({}),
        (error) => error instanceof DomainError && error.code === 'QUEUE_UNAVAILABLE',
      );
      assert.equal(calls(), 1);
    } finally {
      client.close();
      await server.stop();
    }
  });
});
