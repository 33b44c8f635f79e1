import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { schemaPool, type SchemaPool } from '@otp/platform';
import { freshDatabase, tablesReadWhole } from '@otp/test/infra';
import { CODE_STATEMENTS } from '../src/store/code-statements.js';

// Every statement of a messenger code on its way (send, status change, report, check) and every pass find their rows through an index: these tables grow with traffic,
// and a statement that reads one whole gets slower with every row kept (docs/DEVELOPING.md,
// "Hot paths"; the check itself is tested in services/sms/test/statement-plans.int.test.ts).

const GROWING_TABLES = ['codes', 'code_checks', 'provider_reports'];

let pool: SchemaPool;

describe('messenger: hot statements find their rows by index', () => {
  beforeAll(async () => {
    pool = schemaPool(await freshDatabase(), 'messenger');
  });
  afterAll(async () => {
    await pool?.end();
  });

  it.each(Object.entries(CODE_STATEMENTS))('%s reads no whole table', async (_name, statement) => {
    assert.deepEqual(await tablesReadWhole(pool, statement, GROWING_TABLES), []);
  });
});
