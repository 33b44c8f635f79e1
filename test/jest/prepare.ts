import { natsServerInstalled, startPrivateNats } from '../infra/bus.js';
import { buildTemplate } from '../infra/database.js';
import { testEnvironment } from '../infra/environment.js';

/** Postgres and NATS for the run, and the template database; `stop` ends what was started. */
export async function prepareTestRun(): Promise<{ stop(): Promise<void> }> {
  const env = await testEnvironment();
  process.env.TEST_DATABASE_URL = env.databaseUrl;
  process.env.TEST_NATS_URL = env.natsUrl;
  // The platform's NATS: a nats-server of this run with a user per part (bus/permissions.ts) and
  // the suites' observer, on a free port; without nats-server on PATH the bare bus above.
  const nats = natsServerInstalled() ? await startPrivateNats() : undefined;
  if (nats) process.env.TEST_PLATFORM_NATS = JSON.stringify({ url: nats.url, users: nats.users });
  const stop = async () => {
    await nats?.dispose();
    await env.stop();
  };
  // The suites run in local mode (plaintext gRPC allowed for the kit's own in-process servers).
  process.env.OTP_ENV ??= 'local';
  try {
    await buildTemplate();
  } catch (error) {
    // Jest runs no teardown after a failed setup: nothing started here may outlive it.
    await stop();
    throw error;
  }
  process.env.OTP_TEST_TEMPLATE_READY = '1';
  return { stop };
}
