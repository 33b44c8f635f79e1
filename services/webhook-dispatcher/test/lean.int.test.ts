import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, schemaPool, type PromiseClient, type SchemaPool } from '@otp/platform';
import { loadWebhooksProto, type WebhooksClient } from '@otp/proto';
import {
  eventually,
  PRISMA_COMPILER_WATCH,
  prismaCompilerLoad,
  startTestPlatform,
  type TestPlatform,
} from '@otp/test/infra';
import { Webhook } from 'standardwebhooks';
import { envelope, Producer } from './events.js';
import { Receiver } from './receiver.js';

// What the dispatcher does by itself for every event (intake, claim, the signing secrets, the
// attempt's records, retries, retention) runs on named statements: a dispatcher that only
// delivers never compiles Prisma's query compiler (about 22 MB resident). Only an admin call
// (list, replay, rotation) loads it.

let platform: TestPlatform;
let webhooks: PromiseClient<WebhooksClient>;
let producer: Producer;
let receiver: Receiver;
let pool: SchemaPool;

const PROJECT = 'prj_lean';

/** The project's valid secrets as the dispatcher opens them (a named statement, no Prisma). */
async function readSecrets(): Promise<string[]> {
  return (await webhooks.GetSecrets({ project_id: PROJECT })).secrets.map((s) => s.secret);
}

function dispatcherLines(): string[] {
  return platform.replicas.get('webhook-dispatcher')![0]!.lines;
}

describe('a delivering dispatcher never loads Prisma’s query compiler', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['webhook-dispatcher'],
      env: {
        'webhook-dispatcher': {
          ...PRISMA_COMPILER_WATCH,
          RETRY_DELAY_SCALE: '0.001',
          POLL_INTERVAL_MS: '50',
          RETENTION_INTERVAL_MS: '100',
        },
      },
    });
    webhooks = createGrpcClient(
      loadWebhooksProto().otp.webhooks.v1.Webhooks,
      `127.0.0.1:${platform.ports.webhooks}`,
      10000,
    );
    producer = await Producer.connect();
    // The first POST of each path fails: the delivery is retried.
    receiver = await Receiver.start((_request, countOnPath) => ({ status: countOnPath === 1 ? 500 : 200 }));
    pool = schemaPool(platform.databaseUrl, 'webhooks');
  });
  afterAll(async () => {
    await producer?.close();
    webhooks?.close();
    await pool?.end();
    await platform?.stop();
    await receiver?.close();
  });

  it('stores, signs, posts, retries and records deliveries on named statements only', async () => {
    const retried = envelope('sms.sent', PROJECT, { sid: 'SM1' });
    await producer.emit(retried, receiver.url('/retried'));
    // The same event again under another message id: the (event, url) index absorbs it.
    await producer.emit(retried, receiver.url('/retried'), `${retried.id}-again`);
    const refused = envelope('sms.failed', PROJECT, { sid: 'SM2' });
    await producer.emit(refused, 'ftp://example.com/hook');

    const rows = await eventually(
      async () =>
        (
          await pool.query<{ event_id: string; status: string; attempts: number; completed: number }>(
            `SELECT d.event_id, d.status, d.attempts,
                    (SELECT count(*)::int FROM delivery_attempts a
                      WHERE a.delivery_id = d.id AND a.status = 'completed') AS completed
               FROM deliveries d WHERE d.project_id = $1 ORDER BY d.event_type DESC`,
            [PROJECT],
          )
        ).rows,
      (found) => found.length === 2 && found.every((row) => row.status !== 'pending'),
      { what: 'both deliveries ended' },
    );
    assert.deepEqual(rows, [
      { event_id: retried.id, status: 'succeeded', attempts: 2, completed: 2 },
      { event_id: refused.id, status: 'failed', attempts: 0, completed: 0 },
    ]);

    // Signed with the project's secret, created on first use (and stored sealed).
    const stored = await pool.query<{ secret: string | null }>(
      'SELECT secret FROM signing_secrets WHERE project_id = $1',
      [PROJECT],
    );
    assert.deepEqual(stored.rows, [{ secret: null }]);
    const posts = receiver.onPath('/retried');
    assert.equal(posts.length, 2);
    const [secret] = await readSecrets();
    for (const post of posts) {
      new Webhook(secret!).verify(post.body, {
        'webhook-id': String(post.headers['webhook-id']),
        'webhook-timestamp': String(post.headers['webhook-timestamp']),
        'webhook-signature': String(post.headers['webhook-signature']),
      });
    }

    // The loop and retention keep running meanwhile; their output reaches us within this wait.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal(prismaCompilerLoad(dispatcherLines()), undefined);
  });

  it('the watch sees the compiler load: an admin call goes through Prisma', async () => {
    // The check above can only pass for the right reason if the watch works in this process.
    const { deliveries } = await webhooks.ListDeliveries({ project_id: PROJECT, limit: 10 });
    assert.equal(deliveries.length, 2);
    await eventually(
      async () => prismaCompilerLoad(dispatcherLines()),
      (stack) => stack !== undefined,
      { what: 'the compiler loaded by ListDeliveries' },
    );
  });
});
