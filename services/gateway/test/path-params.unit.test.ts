import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { SETTINGS_KINDS } from '@otp/platform';
import { adminDocument } from '../src/admin/document.js';
import { publicDocument } from '../src/public/document.js';

interface Parameter {
  name: string;
  in: string;
  schema?: { pattern?: string };
}
type Paths = Record<string, Record<string, { parameters?: Parameter[] }>>;

// The documents are built from the schemas the routes are registered with, so what they say of
// the paths is what the gateway serves.

describe('path parameters', () => {
  it('every settings kind the platform names is an admin route, and no other kind is', () => {
    const paths = adminDocument().paths as Paths;
    const kinds = Object.keys(paths)
      .map((path) => /^\/projects\/\{id\}\/settings\/([^/]+)$/.exec(path)?.[1])
      .filter((kind) => kind !== undefined)
      .sort();
    assert.deepEqual(kinds, [...SETTINGS_KINDS].sort());
  });

  it('every path parameter of both APIs is documented with the pattern it is checked against', () => {
    for (const [api, document] of [
      ['admin', adminDocument()],
      ['public', publicDocument()],
    ] as const) {
      for (const [path, operations] of Object.entries(document.paths as Paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const inPath = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
          const named = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
          assert.deepEqual(inPath.map((parameter) => parameter.name).sort(), named.sort(), `${api} ${method} ${path}`);
          for (const parameter of inPath) {
            assert.ok(parameter.schema?.pattern, `${api} ${method} ${path}: {${parameter.name}} has no pattern`);
          }
        }
      }
    }
  });
});
