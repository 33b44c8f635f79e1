import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, schemaPool, type PromiseClient, type SchemaPool } from '@otp/platform';
import { freePort, startService } from '@otp/platform/launcher';
import { loadWebhooksProto, type WebhooksClient } from '@otp/proto';
import { eventually, startTestPlatform, type TestPlatform } from '@otp/test/infra';
import { Webhook } from 'standardwebhooks';
import { newSigningSecret } from '../src/domain/signature.js';
import { envelope, Producer } from './events.js';
import { Receiver, type Received } from './receiver.js';

// Signing secrets at rest (docs/security.md): sealed under WEBHOOK_SECRET_KEY, plain rows from
// before sealing sealed at start, a key that does not open them stops the start, and "revoke the
// previous secret now" leaves one signature on every delivery.

let platform: TestPlatform;
let webhooks: PromiseClient<WebhooksClient>;
let producer: Producer;
let receiver: Receiver;
let pool: SchemaPool;

interface Row {
  secret: string | null;
  sealed: Buffer | null;
}

async function rowsOf(projectId: string): Promise<Row[]> {
  const result = await pool.query<Row>(
    'SELECT secret, secret_sealed AS sealed FROM signing_secrets WHERE project_id = $1 ORDER BY created_at',
    [projectId],
  );
  return result.rows;
}

async function secretsOf(projectId: string): Promise<string[]> {
  return (await webhooks.GetSecrets({ project_id: projectId })).secrets.map((s) => s.secret);
}

/** Posts one event of `projectId` and answers the request the receiver got. */
async function delivered(projectId: string): Promise<{ event: object; request: Received }> {
  const event = envelope('verification.approved', projectId, { sid: `VE${randomUUID()}`, metadata: {} });
  await producer.emit(event, receiver.url('/hook'));
  const [request] = await eventually(
    async () => receiver.withEventId(event.id),
    (found) => found.length > 0,
    { what: `the POST of ${event.id}` },
  );
  return { event, request: request! };
}

function signatures(request: Received): string[] {
  return String(request.headers['webhook-signature']).split(' ');
}

function verifies(secret: string, request: Received): boolean {
  try {
    new Webhook(secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    });
    return true;
  } catch {
    return false;
  }
}

function assertSealed(rows: Row[], plain: readonly string[]): void {
  assert.ok(rows.length > 0);
  for (const row of rows) {
    assert.equal(row.secret, null, 'no plain secret in the row');
    assert.ok(row.sealed && row.sealed.length > 28, 'a sealed secret');
    const bytes = row.sealed.toString('latin1');
    for (const secret of plain) {
      assert.ok(!bytes.includes(secret) && !bytes.includes(secret.slice('whsec_'.length)), 'the secret shows');
    }
  }
}

describe('webhook signing secrets sealed at rest, and revocation of the previous one', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['webhook-dispatcher'],
      env: { 'webhook-dispatcher': { RETRY_DELAY_SCALE: '0.001', POLL_INTERVAL_MS: '50' } },
    });
    webhooks = createGrpcClient(
      loadWebhooksProto().otp.webhooks.v1.Webhooks,
      `127.0.0.1:${platform.ports.webhooks}`,
      10000,
    );
    producer = await Producer.connect();
    receiver = await Receiver.start(() => ({ status: 200 }));
    pool = schemaPool(platform.databaseUrl, 'webhooks');
  });
  afterAll(async () => {
    await producer?.close();
    await pool?.end();
    await platform?.stop();
    await receiver?.close();
  });

  it('stores only the sealed secret, and deliveries still verify with it', async () => {
    const project = 'prj_sealed_first';
    const { event, request } = await delivered(project);
    const [secret] = await secretsOf(project);
    assert.match(secret!, /^whsec_/);
    assertSealed(await rowsOf(project), [secret!]);
    assert.ok(verifies(secret!, request));
    assert.deepEqual(JSON.parse(request.body), event);

    const rotated = (await webhooks.RotateSecret({ project_id: project })).secrets.map((s) => s.secret);
    assert.equal(rotated.length, 2);
    assertSealed(await rowsOf(project), rotated);
  });

  it('after a rotation both sign; after revoke-previous only the new one, and again changes nothing', async () => {
    const project = 'prj_sealed_revoke';
    const [old] = await secretsOf(project);
    const rotated = await webhooks.RotateSecret({ project_id: project });
    const current = rotated.secrets.find((s) => !s.expires_at)!.secret;
    assert.notEqual(current, old);

    const both = (await delivered(project)).request;
    assert.equal(signatures(both).length, 2);
    assert.ok(verifies(old!, both) && verifies(current, both));

    for (let time = 0; time < 2; time++) {
      const left = await webhooks.RevokePreviousSecrets({ project_id: project });
      assert.deepEqual(
        left.secrets.map((s) => s.secret),
        [current],
      );
    }
    const one = (await delivered(project)).request;
    assert.equal(signatures(one).length, 1, String(one.headers['webhook-signature']));
    assert.ok(verifies(current, one));
    assert.ok(!verifies(old!, one));
    assert.equal((await rowsOf(project)).length, 1, 'the revoked secret is gone from the table');

    // A project that never rotated: nothing to revoke, its one secret stays.
    const untouched = 'prj_sealed_untouched';
    const [only] = await secretsOf(untouched);
    assert.deepEqual(
      (await webhooks.RevokePreviousSecrets({ project_id: untouched })).secrets.map((s) => s.secret),
      [only],
    );
  });

  it('seals plain rows left from before sealing at start, and keeps them working', async () => {
    const project = 'prj_sealed_legacy';
    const legacy = newSigningSecret();
    // As the table held it before the migration: the secret in plain text.
    await pool.query('INSERT INTO signing_secrets (id, project_id, secret) VALUES ($1::uuid, $2, $3)', [
      randomUUID(),
      project,
      legacy,
    ]);
    // Read as it is until the next start seals it.
    assert.deepEqual(await secretsOf(project), [legacy]);

    await platform.restart('webhook-dispatcher');
    assertSealed(await rowsOf(project), [legacy]);
    assert.deepEqual(await secretsOf(project), [legacy]);
    assert.ok(verifies(legacy, (await delivered(project)).request));
  });

  it('refuses to start with a key that does not open the stored secrets, naming the variable', async () => {
    const otherKey = 'cd'.repeat(32);
    await assert.rejects(
      startService('webhook-dispatcher', {
        ...platform.envOf('webhook-dispatcher'),
        GRPC_PORT: String(await freePort()),
        WEBHOOK_SECRET_KEY: otherKey,
      }),
      (error: Error) => {
        assert.match(error.message, /exited with 1 before it was ready/);
        assert.match(error.message, /WEBHOOK_SECRET_KEY does not open the stored webhook signing secrets/);
        assert.ok(!error.message.includes(otherKey));
        return true;
      },
    );
    // The running dispatcher, with the right key, is unaffected.
    assert.equal((await secretsOf('prj_sealed_first')).length, 2);
  });
});
