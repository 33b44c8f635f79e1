import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_GRPC_PORTS } from '@otp/platform';
import { LOCAL_PORTS, REPO_ROOT } from '@otp/platform/launcher';

// The README is a map and `docs/` holds the rest: every route of the OpenAPI documents, every
// variable a service's config reads and every port of the local run must be written down there.

const ROOT = REPO_ROOT;
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

function pages(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? pages(join(folder, entry.name))
      : entry.name.endsWith('.md')
        ? [join(folder, entry.name)]
        : [],
  );
}
const DOCS = pages('docs')
  .map((page) => read(page))
  .join('\n');

/** The variable names of a service's zod env schema: its object's upper-case keys. */
function variablesOf(configFile: string): string[] {
  return [...read(configFile).matchAll(/^\s+([A-Z][A-Z0-9_]{2,}): /gm)].map((match) => match[1]!);
}

describe('the documentation', () => {
  it('keeps the README a map of at most 300 lines with a table of contents', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    expect(readme).toMatch(/^## Contents$/m);
    expect(readme).toMatch(/npm install && npm start/);
    expect(readme).toMatch(/npm test/);
  });

  it.each([
    ['docs/openapi/public.json', '/v1'],
    ['docs/openapi/admin.json', '/admin/v1'],
  ])('names every route of %s', (document, base) => {
    const paths = Object.keys((JSON.parse(read(document)) as { paths: Record<string, unknown> }).paths);
    expect(paths.length).toBeGreaterThan(0);
    // A route is named in full, or as a table row's path under its base (`/projects/{id}?limit=`).
    const named = (path: string) =>
      DOCS.includes(`${base}${path}`) || DOCS.includes(`\`${path}\``) || DOCS.includes(`\`${path}?`);
    const missing = paths.filter((path) => !named(path)).map((path) => `${base}${path}`);
    expect(missing).toEqual([]);
  });

  it('names every variable each service reads', () => {
    const configs = [
      'services/platform/src/config.ts',
      ...readdirSync(join(ROOT, 'services')).map((s) => `services/${s}/src/config.ts`),
    ];
    const variables = new Set(
      configs.flatMap((file) => {
        try {
          return variablesOf(file);
        } catch {
          return [];
        }
      }),
    );
    expect(variables.size).toBeGreaterThan(50);
    const configuration = read('docs/configuration.md');
    expect([...variables].filter((name) => !configuration.includes(name))).toEqual([]);
  });

  it('names every port of the local run', () => {
    const configuration = read('docs/configuration.md');
    const ports = [...Object.values(LOCAL_GRPC_PORTS), ...Object.values(LOCAL_PORTS)].filter(
      (port): port is number => typeof port === 'number' && port > 0,
    );
    expect(ports.filter((port) => !configuration.includes(String(port)))).toEqual([]);
  });
});
