import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { schemaPool, type SchemaPool } from '@otp/platform';
import { freshDatabase, tablesReadWhole } from '@otp/test/infra';
import { INTENT_STATEMENTS } from '../src/store/start-intent-statements.js';
import {
  INSERT_VERIFICATION,
  LOCK_VERIFICATION,
  READ_UNSETTLED,
  WRITE_VERIFICATION,
} from '../src/store/verification-statements.js';

// A start's statements and the writes of a verification find their rows through an index: these tables grow with traffic,
// and a statement that reads one whole gets slower with every row kept (docs/DEVELOPING.md,
// "Hot paths"; the check itself is tested in services/sms/test/statement-plans.int.test.ts).

const GROWING_TABLES = ['verifications', 'attempts'];

let pool: SchemaPool;

describe('verify: hot statements find their rows by index', () => {
  beforeAll(async () => {
    pool = schemaPool(await freshDatabase(), 'verify');
  });
  afterAll(async () => {
    await pool?.end();
  });

  it.each(
    Object.entries({
      ...INTENT_STATEMENTS,
      INSERT_VERIFICATION,
      LOCK_VERIFICATION,
      READ_UNSETTLED,
      WRITE_VERIFICATION,
    }),
  )('%s reads no whole table', async (_name, statement) => {
    assert.deepEqual(await tablesReadWhole(pool, statement, GROWING_TABLES), []);
  });
});
