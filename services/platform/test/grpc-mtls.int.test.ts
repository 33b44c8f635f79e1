import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import * as grpc from '@grpc/grpc-js';
import { loadBillingProto, loadHealthProto, type BillingClient, type HealthClient } from '@otp/proto';
import { startTestPlatform, type TestPlatform } from '@otp/test/infra';
import { localCertificates } from '../src/grpc/local-certificates.js';
import { startGrpcServer } from '../src/grpc/server.js';
import { freePort } from '../src/launcher.js';

// Mutual TLS between the parts (docs/security.md): a caller without a certificate of the
// platform's CA is refused before any handler runs; the launcher's certificate is let in.

let platform: TestPlatform;
let strangerDir: string;

/** GetFees (by default on the real billing process) with these credentials: 'ok' or the gRPC status it failed with. */
function getFees(credentials: grpc.ChannelCredentials, port = platform.ports.billing): Promise<string> {
  const Billing = loadBillingProto().otp.billing.v1.Billing;
  const client = new Billing(`127.0.0.1:${port}`, credentials) as unknown as BillingClient;
  return new Promise((resolve) => {
    client.GetFees({}, { deadline: Date.now() + 5000 }, (error) => {
      client.close();
      resolve(error ? grpc.status[error.code] : 'ok');
    });
  });
}

const pem = (file: string) => readFileSync(file);

describe('gRPC between the parts is mutual TLS (a real billing process)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({ only: ['billing'] });
    strangerDir = mkdtempSync(path.join(tmpdir(), 'otp-stranger-ca-'));
  });
  afterAll(async () => {
    await platform?.stop();
    if (strangerDir) rmSync(strangerDir, { recursive: true, force: true });
  });

  it('refuses a TLS caller that presents no certificate', async () => {
    assert.equal(await getFees(grpc.credentials.createSsl(pem(platform.grpcTls.ca))), 'UNAVAILABLE');
  });

  it('refuses a caller whose certificate another CA signed (even one named like a part)', async () => {
    const stranger = (await localCertificates(strangerDir, ['gateway'])).gateway!;
    const credentials = grpc.credentials.createSsl(pem(platform.grpcTls.ca), pem(stranger.key), pem(stranger.cert));
    assert.equal(await getFees(credentials), 'UNAVAILABLE');
  });

  it("lets in a caller with a certificate of the platform's CA", async () => {
    const { ca, cert, key } = platform.grpcTls;
    assert.equal(await getFees(grpc.credentials.createSsl(pem(ca), pem(key), pem(cert))), 'ok');
  });

  it('refuses a plaintext caller', async () => {
    assert.equal(await getFees(grpc.credentials.createInsecure()), 'UNAVAILABLE');
  });

  it('answers health, and nothing else, in plaintext on the probe port (GRPC_HEALTH_PORT)', async () => {
    const healthPort = await freePort();
    const server = await startGrpcServer({
      host: '127.0.0.1',
      port: 0,
      services: [],
      transport: { tls: platform.grpcTls, healthPort },
    });
    server.setServing(true);
    const plaintext = grpc.credentials.createInsecure();
    const Health = loadHealthProto().grpc.health.v1.Health;
    const check = (port: number) =>
      new Promise<string>((resolve) => {
        const client = new Health(`127.0.0.1:${port}`, plaintext) as unknown as HealthClient;
        client.Check({ service: '' }, { deadline: Date.now() + 5000 }, (error, answer) => {
          client.close();
          resolve(error ? grpc.status[error.code] : String(answer?.status));
        });
      });
    try {
      assert.equal(await check(healthPort), 'SERVING');
      assert.equal(await check(server.port), 'UNAVAILABLE');
      // Nothing but health on the probe port: Billing is not served there.
      assert.equal(await getFees(plaintext, healthPort), 'UNIMPLEMENTED');
    } finally {
      await server.stop();
    }
  });
});
