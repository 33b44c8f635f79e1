// One list of parts (src/parts.ts): the Helm chart deploys, the image installs, its entrypoint
// accepts and the local run starts and migrates the same services. A part added to one of them and
// not to the others fails here.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, it } from '@jest/globals';
import { parse } from 'yaml';
import { REPO_ROOT, SCHEMAS, START_ORDER } from '../src/launcher.js';
import { PARTS } from '../src/parts.js';

const run = promisify(execFile);
const names: string[] = PARTS.map((part) => part.name);
const sorted = (list: Iterable<string>) => [...list].sort();
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

interface ChartComponent {
  schema: string;
}
interface ChartValues {
  components: Record<string, ChartComponent>;
}
interface ValuesSchema {
  properties: { components: { properties: Record<string, unknown> } };
}

/** The Dockerfile's instructions of one stage (`FROM ... AS <stage>`), continuation lines joined. */
function stageInstructions(dockerfile: string, stage: string): string[] {
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const start = instructions.findIndex((line) => new RegExp(`^FROM\\s.*\\sAS\\s+${stage}$`, 'i').test(line));
  assert.notEqual(start, -1, `the Dockerfile has no stage ${stage}`);
  const end = instructions.findIndex((line, index) => index > start && /^FROM\s/i.test(line));
  return instructions.slice(start, end === -1 ? undefined : end);
}

describe('the one list of parts', () => {
  it('names each part once, and each is a workspace under services/ that builds a main', () => {
    assert.equal(new Set(names).size, names.length);
    for (const name of names) {
      const manifest = path.join(REPO_ROOT, 'services', name, 'package.json');
      assert.ok(existsSync(manifest), `services/${name}/package.json is missing`);
      const { main, scripts } = JSON.parse(readFileSync(manifest, 'utf8')) as {
        main?: string;
        scripts?: Record<string, string>;
      };
      // The entrypoint and the launcher both run dist/main.js.
      assert.equal(main, 'dist/main.js', `services/${name}: main`);
      assert.ok(scripts?.build, `services/${name} has no build script`);
    }
  });

  it('the local run starts them in this order and migrates the schemas they own', () => {
    assert.deepEqual(START_ORDER, names);
    const owned = PARTS.flatMap((part) => (part.schema === null ? [] : [[part.name, part.schema] as const]));
    assert.deepEqual(SCHEMAS, Object.fromEntries(owned));
  });

  it('the chart has a component for each part (one Deployment each), with its schema', () => {
    const values = parse(read('charts/otp/values.yaml')) as ChartValues;
    assert.deepEqual(sorted(Object.keys(values.components)), sorted(names));
    for (const part of PARTS) {
      assert.equal(values.components[part.name]?.schema, part.schema ?? '', `components.${part.name}.schema`);
    }
    const schema = JSON.parse(read('charts/otp/values.schema.json')) as ValuesSchema;
    assert.deepEqual(sorted(Object.keys(schema.properties.components.properties)), sorted(names));
    // values-production.yaml only tunes parts; a name that is none would render a broken Deployment.
    const production = parse(read('charts/otp/values-production.yaml')) as Partial<ChartValues>;
    for (const name of Object.keys(production.components ?? {})) assert.ok(names.includes(name), name);
  });

  it('the image installs the production packages and the build output of every part', () => {
    const dockerfile = read('Dockerfile');
    const install = stageInstructions(dockerfile, 'runtime').find((line) => /\bnpm ci\b.*--omit=dev/.test(line));
    assert.ok(install, 'the runtime stage has no `npm ci --omit=dev`');
    // `-w services` (a parent folder) selects every workspace in it.
    const selected = [...install.matchAll(/(?:-w|--workspace)[ =](\S+)/g)].map((match) => match[1]!.replace(/\/$/, ''));
    for (const name of names) {
      const folder = `services/${name}`;
      assert.ok(
        selected.some((workspace) => workspace === folder || folder.startsWith(`${workspace}/`)),
        `the runtime stage's npm ci does not install ${folder} (it selects ${selected.join(', ')})`,
      );
    }
    const build = stageInstructions(dockerfile, 'build');
    assert.ok(build.includes('COPY services/ services/'), 'the build stage does not copy services/');
    // A manifest list written out by hand must not leave a part behind.
    const copiedManifests = [...dockerfile.matchAll(/^COPY\s+services\/([^/\s]+)\/package\.json/gm)].map((m) => m[1]);
    if (copiedManifests.length > 0) {
      for (const name of names) assert.ok(copiedManifests.includes(name), `no COPY of services/${name}/package.json`);
    }
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    for (const name of names) {
      assert.ok(!ignored.includes(`services/${name}`), `.dockerignore leaves services/${name} out of the context`);
    }
  });

  it('the entrypoint accepts exactly the parts, and migrate', async () => {
    const entrypoint = fileURLToPath(new URL('../../../scripts/entrypoint.sh', import.meta.url));
    const refused = await run('sh', [entrypoint, 'no-such-part']).then(
      () => assert.fail('the entrypoint ran an unknown part'),
      (error: { code?: number; stderr?: string }) => error,
    );
    assert.equal(refused.code, 64, refused.stderr);
    const accepted = /pass one of: ([^)]*)\)/.exec(refused.stderr ?? '')?.[1]?.split(' ');
    assert.deepEqual(accepted, [...names, 'migrate'], `${refused.stderr} (services/platform built?)`);
  });
});
