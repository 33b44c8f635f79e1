import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { schemaPool, type SchemaPool } from '@otp/platform';
import { freshDatabase, tablesReadWhole } from '@otp/test/infra';
import { DELIVERY_STATEMENTS } from '../src/store/delivery-statements.js';

// Every statement of a webhook delivery (intake, claim, attempt, outcome) find their rows through an index: these tables grow with traffic,
// and a statement that reads one whole gets slower with every row kept (docs/DEVELOPING.md,
// "Hot paths"; the check itself is tested in services/sms/test/statement-plans.int.test.ts).

const GROWING_TABLES = ['deliveries', 'delivery_attempts'];

let pool: SchemaPool;

describe('webhook-dispatcher: hot statements find their rows by index', () => {
  beforeAll(async () => {
    pool = schemaPool(await freshDatabase(), 'webhooks');
  });
  afterAll(async () => {
    await pool?.end();
  });

  it.each(Object.entries(DELIVERY_STATEMENTS))('%s reads no whole table', async (_name, statement) => {
    assert.deepEqual(await tablesReadWhole(pool, statement, GROWING_TABLES), []);
  });
});
