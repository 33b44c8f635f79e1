#!/usr/bin/env node
// Writes the NATS permission table (services/platform/src/bus/permissions.ts, the built kit) to
// charts/otp/files/nats-permissions.json, formatted as the repository formats JSON: the chart
// cannot read TypeScript, so its trial NATS configuration and its users come from this copy.
// `npm run openapi:gen` runs it with the other generated files; services/platform/test/
// nats-permissions.unit.test.ts fails when the copy and the table disagree.
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { natsPermissionsDocument } from '@otp/platform';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, 'charts', 'otp', 'files', 'nats-permissions.json');
await mkdir(path.dirname(file), { recursive: true });
const options = (await prettier.resolveConfig(file)) ?? {};
await writeFile(file, await prettier.format(JSON.stringify(natsPermissionsDocument()), { ...options, filepath: file }));
console.log(`wrote ${path.relative(root, file)}`);
