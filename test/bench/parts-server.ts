// The bare parts every path is made of, one kind per route, so parts.ts can price each kind of hop
// on this machine in the same run as the paths: an HTTP request, a gRPC call to another process, a
// Postgres statement (alone, and inside a transaction), a JetStream publish (nobody consuming, and
// consumed by another process). Nothing of the platform is in it: no validation, no logging, no
// interceptors, only the libraries the services use, set as the services set them.
//
// Two processes, as a path has them: `peer` serves the gRPC call and consumes the consumed stream;
// `edge` serves HTTP and makes every hop. Each prints {"msg":"ready","ports":{...}} once it serves.
import { randomBytes } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { AckPolicy, jetstream, jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { connect, headers } from '@nats-io/transport-node';
import { loadHealthProto, type HealthHandlers } from '@otp/proto';
import express from 'express';
import pg from 'pg';
// Type only (erased at run time): the routes below are checked against parts.ts's list of parts.
import type { Part } from './parts.js';

const role = process.argv[2];
const natsUrl = process.env.NATS_URL!;
/** What the services set on every channel and server (services/platform/src/grpc). */
const CHANNEL_OPTIONS = { 'grpc.enable_channelz': 0 };
const PUBLISHED_STREAM = 'BENCH_PARTS';
const CONSUMED_STREAM = 'BENCH_PARTS_CONSUMED';

const ready = (ports: Record<string, number>) => process.stdout.write(`${JSON.stringify({ msg: 'ready', ports })}\n`);
const health = loadHealthProto().grpc.health.v1.Health;

async function peer(): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  const jsm = await jetstreamManager(nc);
  // As the platform's streams: file storage, duplicate window for Nats-Msg-Id.
  await jsm.streams.add({
    name: PUBLISHED_STREAM,
    subjects: ['bench.parts.published'],
    storage: StorageType.File,
    max_msgs: 100_000,
  });
  await jsm.streams.add({
    name: CONSUMED_STREAM,
    subjects: ['bench.parts.consumed'],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
  });
  await jsm.consumers.add(CONSUMED_STREAM, { durable_name: 'parts', ack_policy: AckPolicy.Explicit });
  const messages = await (await jetstream(nc).consumers.get(CONSUMED_STREAM, 'parts')).consume();
  void (async () => {
    for await (const message of messages) message.ack();
  })();

  const server = new grpc.Server(CHANNEL_OPTIONS);
  const handlers: HealthHandlers = {
    Check: (_call, callback) => callback(null, { status: 'SERVING' }),
    Watch: (call) => call.end(),
  };
  server.addService(health.service, handlers);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  ready({ grpc: port });
  process.once('SIGTERM', () => {
    server.forceShutdown();
    void nc.drain().then(() => process.exit(0));
  });
}

async function edge(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL!, max: 10 });
  await pool.query('CREATE SCHEMA IF NOT EXISTS bench_parts');
  await pool.query(
    'CREATE TABLE IF NOT EXISTS bench_parts.rows (sid text PRIMARY KEY, "to" text NOT NULL, body text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
  );
  const nc = await connect({ servers: natsUrl });
  const js = jetstream(nc);
  const client = new health(process.env.PEER_ADDR!, grpc.credentials.createInsecure(), CHANNEL_OPTIONS);

  // A named statement, as the services' hot paths run theirs (store/, node-postgres).
  const insert = (db: pg.Pool | pg.PoolClient, sid: string, body: { to: string; body: string }) =>
    db.query({
      name: 'parts-insert',
      text: 'INSERT INTO bench_parts.rows (sid, "to", body) VALUES ($1, $2, $3)',
      values: [sid, body.to, body.body],
    });
  const publish = (subject: string, sid: string) =>
    js.publish(subject, JSON.stringify({ sid }), { msgID: sid, headers: headers() });

  const PARTS: Record<Part, (sid: string, body: { to: string; body: string }) => Promise<unknown>> = {
    answer: async () => undefined,
    statement: (sid, body) => insert(pool, sid, body),
    transaction: async (sid, body) => {
      const db = await pool.connect();
      try {
        await db.query('BEGIN');
        await insert(db, sid, body);
        await db.query('COMMIT');
      } finally {
        db.release();
      }
    },
    call: () =>
      new Promise((resolve, reject) =>
        client.Check({ service: '' }, { deadline: Date.now() + 5000 }, (error, answer) =>
          error ? reject(error) : resolve(answer),
        ),
      ),
    publish: (sid) => publish('bench.parts.published', sid),
    'publish-consumed': (sid) => publish('bench.parts.consumed', sid),
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(express.json());
  let inFlight = 0;
  app.post('/:part', async (req, res) => {
    const name = req.params.part;
    const part = Object.hasOwn(PARTS, name) ? PARTS[name as Part] : undefined;
    if (!part) return void res.status(404).end();
    inFlight += 1;
    try {
      const sid = `SM${randomBytes(12).toString('hex')}`;
      await part(sid, req.body as { to: string; body: string });
      res.status(201).json({ sid });
    } catch (error) {
      res.status(500).json({ error: String(error) });
    } finally {
      inFlight -= 1;
    }
  });
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    ready({ http: typeof address === 'object' && address ? address.port : 0 });
  });
  process.once('SIGTERM', () => {
    server.close();
    void (async () => {
      while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      client.close();
      await nc.drain();
      await pool.end();
      process.exit(0);
    })();
  });
}

await (role === 'peer' ? peer() : edge());
