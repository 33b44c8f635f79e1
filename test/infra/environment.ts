// Where the suites find Postgres and NATS: the URLs in TEST_DATABASE_URL / TEST_NATS_URL when
// given; otherwise the local run's own (Postgres and NATS on 127.0.0.1, as `npm start` uses them)
// when they answer; otherwise containers started with Testcontainers (a laptop with a Docker
// engine). All are real servers; nothing here is mocked.
import { connect } from 'node:net';

const LOCAL_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
const LOCAL_NATS_URL = 'nats://127.0.0.1:4222';

/** Whether something accepts TCP connections at the URL's host and port. */
function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export interface TestEnvironment {
  databaseUrl: string;
  natsUrl: string;
  stop(): Promise<void>;
}

export async function testEnvironment(): Promise<TestEnvironment> {
  const databaseUrl =
    process.env.TEST_DATABASE_URL ?? ((await answers(LOCAL_DATABASE_URL)) ? LOCAL_DATABASE_URL : undefined);
  const natsUrl = process.env.TEST_NATS_URL ?? ((await answers(LOCAL_NATS_URL)) ? LOCAL_NATS_URL : undefined);
  if (databaseUrl && natsUrl) return { databaseUrl, natsUrl, stop: async () => undefined };

  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { GenericContainer, Wait } = await import('testcontainers');
  const postgres = databaseUrl ? undefined : await new PostgreSqlContainer('postgres:15-alpine').start();
  const nats = natsUrl
    ? undefined
    : await new GenericContainer('nats:2.10-alpine')
        .withCommand(['-js'])
        .withExposedPorts(4222)
        .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
        .start();
  return {
    databaseUrl: databaseUrl ?? postgres!.getConnectionUri(),
    natsUrl: natsUrl ?? `nats://${nats!.getHost()}:${nats!.getMappedPort(4222)}`,
    async stop() {
      await nats?.stop();
      await postgres?.stop();
    },
  };
}
