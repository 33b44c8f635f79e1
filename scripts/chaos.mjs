#!/usr/bin/env node
// `npm run chaos [-- <scenario>...]`: the chaos scenarios of test/chaos/, every one, or only those
// named: `npm run chaos -- smpp` runs test/chaos/smpp.test.ts (carrier faults against a Net::SMPP
// SMSC), `npm run chaos -- chaos` the SIGKILL rounds of chaos.test.ts. Any other argument goes to
// jest as it is. `npm test` runs every scenario too (they are suites under test/chaos/).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const scenario = (name) => path.join('test', 'chaos', `${name}.test.ts`);
const args = process.argv.slice(2);
const named = args.filter((arg) => existsSync(path.join(root, scenario(arg))));
const rest = args.filter((arg) => !named.includes(arg));
const patterns = named.length > 0 ? named.map((name) => `${scenario(name).replaceAll('.', '\\.')}$`) : ['test/chaos/'];
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const run = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jest, ...patterns, ...rest],
  { cwd: root, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
