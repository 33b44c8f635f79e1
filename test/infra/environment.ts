// Where the suites find Postgres and NATS: the URLs in TEST_DATABASE_URL / TEST_NATS_URL when
// given (CI and this machine), otherwise containers started with Testcontainers (a laptop with
// a Docker engine). Both are real servers; nothing here is mocked.

export interface TestEnvironment {
  databaseUrl: string;
  natsUrl: string;
  stop(): Promise<void>;
}

export async function testEnvironment(): Promise<TestEnvironment> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const natsUrl = process.env.TEST_NATS_URL;
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
