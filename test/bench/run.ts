// `npm run bench`: load scenarios against real Postgres and NATS (from TEST_DATABASE_URL /
// TEST_NATS_URL, or containers when unset), one at a time. BENCH_SECONDS and BENCH_CONNECTIONS
// tune each run. Timing goals live here, never in the test suites.
import { buildTemplate, freshDatabase } from '../infra/database.js';
import { testEnvironment } from '../infra/environment.js';
import { carriersBenchmark } from './carriers.js';
import { fraudBenchmark } from './fraud.js';
import { guardVolumeBenchmark } from './guard-volume.js';
import { retentionBenchmark } from './retention.js';
import { smsBenchmark } from './sms.js';
import { verifyBenchmark } from './verify.js';

const SCENARIOS: Record<string, (databaseUrl: string) => Promise<void>> = {
  sms: smsBenchmark,
  verify: verifyBenchmark,
  retention: retentionBenchmark,
  carriers: () => carriersBenchmark(),
  fraud: fraudBenchmark,
  guard: guardVolumeBenchmark,
};

const wanted = process.argv.slice(2);
const env = await testEnvironment();
process.env.TEST_DATABASE_URL = env.databaseUrl;
process.env.TEST_NATS_URL = env.natsUrl;
await buildTemplate();
process.env.OTP_TEST_TEMPLATE_READY = '1';
try {
  for (const [name, run] of Object.entries(SCENARIOS)) {
    if (wanted.length > 0 && !wanted.includes(name)) continue;
    console.log(`\n== ${name} ==`);
    await run(await freshDatabase());
  }
} finally {
  await env.stop();
}
