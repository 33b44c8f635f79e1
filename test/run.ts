// `npm test`: unit suites, then integration and end-to-end suites against real Postgres and NATS.
// Suites run one at a time: each starts its own service processes on free ports, its own
// database and empty streams, so none can see another's state.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@otp/platform/launcher';
import { buildTemplate } from './infra/database.js';
import { testEnvironment } from './infra/environment.js';

const unitOnly = process.argv.includes('--unit');
const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));

function collect(): string[] {
  const roots = [
    ...readdirSync(path.join(REPO_ROOT, 'services')).map((name) => path.join(REPO_ROOT, 'services', name, 'test')),
    ...readdirSync(path.join(REPO_ROOT, 'sdk')).map((name) => path.join(REPO_ROOT, 'sdk', name, 'test')),
    path.join(REPO_ROOT, 'test', 'e2e'),
    path.join(REPO_ROOT, 'test', 'fuzz'),
    path.join(REPO_ROOT, 'test', 'replicas'),
    path.join(REPO_ROOT, 'test', 'chaos'),
  ];
  const files: string[] = [];
  for (const root of roots) {
    let entries: string[];
    try {
      entries = readdirSync(root, { recursive: true }) as string[];
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.endsWith('.test.ts')) continue;
      if (unitOnly && !entry.endsWith('.unit.test.ts')) continue;
      const file = path.join(root, entry);
      if (filters.length === 0 || filters.some((f) => file.includes(f))) files.push(file);
    }
  }
  // Pure unit suites first: they fail fastest.
  return files.sort(
    (a, b) => Number(!a.endsWith('.unit.test.ts')) - Number(!b.endsWith('.unit.test.ts')) || a.localeCompare(b),
  );
}

const files = collect();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}

const env = unitOnly ? undefined : await testEnvironment();
if (env) {
  process.env.TEST_DATABASE_URL = env.databaseUrl;
  process.env.TEST_NATS_URL = env.natsUrl;
  await buildTemplate();
  process.env.OTP_TEST_TEMPLATE_READY = '1';
}

// The chaos suite runs every fault in one file (it must stay under 6 minutes in all). A browser
// suite starts the whole platform and Chromium, which on a busy shared machine can pass 3 minutes.
const timeoutMs = files.some((file) => file.includes(`${path.sep}chaos${path.sep}`))
  ? 420000
  : files.some((file) => file.endsWith('.browser.test.ts'))
    ? 300000
    : 180000;

const code = await new Promise<number>((resolve) => {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=spec',
      '--test-concurrency=1',
      `--test-timeout=${timeoutMs}`,
      ...files,
    ],
    { cwd: REPO_ROOT, stdio: 'inherit', env: process.env },
  );
  child.on('exit', (exitCode) => resolve(exitCode ?? 1));
});
await env?.stop();
process.exit(code);
