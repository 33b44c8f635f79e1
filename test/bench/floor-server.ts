// The floor the SMS send path is measured against: a bare express handler doing what a send
// cannot avoid, one Postgres insert and one JetStream publish, with nothing else. Run as its own
// process (like the services) and prints {"msg":"ready","ports":{"http":n}} once it serves.
import { randomBytes } from 'node:crypto';
import express from 'express';
import { connect, headers } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL!;
const natsUrl = process.env.NATS_URL!;

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
await pool.query('CREATE SCHEMA IF NOT EXISTS bench_floor');
await pool.query(`CREATE TABLE IF NOT EXISTS bench_floor.messages (
  sid text PRIMARY KEY, project_id text NOT NULL, "to" text NOT NULL, body text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
const nc = await connect({ servers: natsUrl });
const jsm = await jetstreamManager(nc);
await jsm.streams.add({
  name: 'BENCH_FLOOR',
  subjects: ['bench.floor'],
  retention: RetentionPolicy.Workqueue,
  storage: StorageType.File,
});
const js = jetstream(nc);

const app = express();
app.use(express.json());
// Requests still being handled: autocannon drops its connections at the end of a run, but their
// inserts and publishes carry on, and must finish before NATS is closed.
let inFlight = 0;
app.post('/floor', async (req, res) => {
  inFlight += 1;
  try {
    await handle(req, res);
  } finally {
    inFlight -= 1;
  }
});

async function handle(req: express.Request, res: express.Response): Promise<void> {
  const sid = `SM${randomBytes(12).toString('hex')}`;
  const body = req.body as { to: string; body: string };
  await pool.query('INSERT INTO bench_floor.messages (sid, project_id, "to", body) VALUES ($1, $2, $3, $4)', [
    sid,
    'bench',
    body.to,
    body.body,
  ]);
  const h = headers();
  await js.publish('bench.floor', JSON.stringify({ sid }), { msgID: sid, headers: h });
  res.status(201).json({ sid });
}
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(
    `${JSON.stringify({ msg: 'ready', ports: { http: typeof address === 'object' && address ? address.port : 0 } })}\n`,
  );
});
process.once('SIGTERM', () => {
  server.close();
  const stop = async () => {
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await nc.drain();
    await pool.end();
    process.exit(0);
  };
  void stop();
});
