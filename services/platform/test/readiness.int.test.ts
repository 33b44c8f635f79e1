import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { loadBillingProto, loadHealthProto, type BillingClient, type HealthClient } from '@otp/proto';
import { createGrpcClient } from '../src/grpc/client.js';
import { serveWhenPeersReady, startGrpcServer } from '../src/grpc/server.js';
import { freePort } from '../src/launcher.js';
import { createLogger } from '../src/logging.js';

const logger = createLogger('readiness-test', 'silent');

describe('readiness follows the peers (real gRPC servers)', () => {
  it('reports NOT_SERVING while a peer is unreachable and SERVING once it answers', async () => {
    const peerPort = await freePort();
    const service = await startGrpcServer({ host: '127.0.0.1', port: 0, services: [] });
    const peer = createGrpcClient<BillingClient>(
      loadBillingProto().otp.billing.v1.Billing,
      `127.0.0.1:${peerPort}`,
      2000,
    );
    const health = createGrpcClient<HealthClient>(
      loadHealthProto().grpc.health.v1.Health,
      `127.0.0.1:${service.port}`,
      2000,
    );
    try {
      const gate = serveWhenPeersReady(service, { billing: peer }, logger);
      assert.equal((await health.Check({ service: '' })).status, 'NOT_SERVING');

      const billing = await startGrpcServer({ host: '127.0.0.1', port: peerPort, services: [] });
      await gate;
      assert.equal((await health.Check({ service: '' })).status, 'SERVING');
      await billing.stop();
    } finally {
      peer.close();
      health.close();
      await service.stop();
    }
  });
});
