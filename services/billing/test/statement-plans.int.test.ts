import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { schemaPool, type SchemaPool } from '@otp/platform';
import { freshDatabase, tablesReadWhole } from '@otp/test/infra';
import { MONEY_STATEMENTS } from '../src/store/money-statements.js';

// Every money movement of a send or a start (hold, capture, charge, release) find their rows through an index: these tables grow with traffic,
// and a statement that reads one whole gets slower with every row kept (docs/DEVELOPING.md,
// "Hot paths"; the check itself is tested in services/sms/test/statement-plans.int.test.ts).

const GROWING_TABLES = ['ledger_entries', 'holds', 'operations'];

let pool: SchemaPool;

describe('billing: hot statements find their rows by index', () => {
  beforeAll(async () => {
    pool = schemaPool(await freshDatabase(), 'billing');
  });
  afterAll(async () => {
    await pool?.end();
  });

  it.each(Object.entries(MONEY_STATEMENTS))('%s reads no whole table', async (_name, statement) => {
    assert.deepEqual(await tablesReadWhole(pool, statement, GROWING_TABLES), []);
  });
});
