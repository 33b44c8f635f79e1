import { buildTemplate } from '../infra/database.js';
import { testEnvironment } from '../infra/environment.js';

/** Postgres and NATS for the run, and the template database; `stop` ends what was started. */
export async function prepareTestRun(): Promise<{ stop(): Promise<void> }> {
  const env = await testEnvironment();
  process.env.TEST_DATABASE_URL = env.databaseUrl;
  process.env.TEST_NATS_URL = env.natsUrl;
  // The suites run in local mode (plaintext gRPC allowed for the kit's own in-process servers).
  process.env.OTP_ENV ??= 'local';
  await buildTemplate();
  process.env.OTP_TEST_TEMPLATE_READY = '1';
  return env;
}
