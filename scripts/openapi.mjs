#!/usr/bin/env node
// Writes the OpenAPI documents of the built gateway to docs/openapi/ (public.json for /v1,
// admin.json for /admin/v1), formatted as the repository formats JSON. With --lint it then runs
// `redocly lint` (recommended rules, redocly.yaml) and fails on any error or warning: redocly
// itself exits 0 on warnings. `npm run openapi:gen` also regenerates the SDK's types from
// public.json and admin.json (the console's types); CI fails on a diff, so the committed files always match the code.
import { spawnSync } from 'node:child_process';
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const gateway = path.join(root, 'services', 'gateway', 'dist');
const { publicDocument } = await import(path.join(gateway, 'public', 'document.js'));
const { adminDocument } = await import(path.join(gateway, 'admin', 'document.js'));

const out = path.join(root, 'docs', 'openapi');
await mkdir(out, { recursive: true });
for (const [name, document] of [
  ['public.json', publicDocument()],
  ['admin.json', adminDocument()],
]) {
  const file = path.join(out, name);
  const options = (await prettier.resolveConfig(file)) ?? {};
  const text = await prettier.format(JSON.stringify(document), { ...options, filepath: file });
  await writeFile(file, text);
  console.log(`wrote ${path.relative(root, file)}`);
}

if (process.argv.includes('--lint')) {
  const files = ['public.json', 'admin.json'].map((name) => path.join('docs', 'openapi', name));
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const redocly = path.join(root, 'node_modules', '.bin', 'redocly');
  // Readable output first, then the counts from the JSON report.
  spawnSync(redocly, ['lint', ...files, '--format=stylish'], { cwd: root, env, stdio: 'inherit' });
  let problems = 0;
  for (const file of files) {
    // One JSON report per file.
    const report = spawnSync(redocly, ['lint', file, '--format=json'], { cwd: root, env, encoding: 'utf8' });
    const { totals } = JSON.parse(report.stdout);
    console.log(`redocly lint ${file}: ${totals.errors} errors, ${totals.warnings} warnings`);
    problems += totals.errors + totals.warnings;
  }
  if (problems > 0) process.exit(1);
}
