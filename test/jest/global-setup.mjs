// Once per jest run, before the first suite that needs them: Postgres and NATS (the URLs in
// TEST_DATABASE_URL / TEST_NATS_URL, otherwise Testcontainers), the platform's own nats-server
// with a user per part (TEST_PLATFORM_NATS), and the migrated template database every suite's own
// database is cloned from. The workers and in-band suites read the
// URLs from the environment set here. Loaded through tsx: the test infrastructure is TypeScript.
import { tsImport } from 'tsx/esm/api';

export default async function globalSetup() {
  const { prepareTestRun } = await tsImport('./prepare.ts', import.meta.url);
  globalThis.otpTestRun = await prepareTestRun();
}
