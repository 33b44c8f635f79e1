import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { schemaPool, type SchemaPool } from '@otp/platform';
import { freshDatabase, tablesReadWhole } from '@otp/test/infra';
import { SMS_PASS_STATEMENTS, SMS_STATEMENTS } from '../src/store/message-statements.js';

// Every statement a message runs on its way (send, delivery, receipt) and every pass the service
// runs by itself finds its rows through an index. The tables grow with every message (and
// receipts are kept RETENTION_DAYS), so a statement that reads a whole table gets slower with
// every message sent, and a pass every few seconds that does keeps Postgres busy on its own.

const GROWING_TABLES = ['messages', 'delivery_receipts'];

let pool: SchemaPool;

describe("sms: a message's statements find their rows by index", () => {
  beforeAll(async () => {
    pool = schemaPool(await freshDatabase(), 'sms');
  });
  afterAll(async () => {
    await pool?.end();
  });

  it.each(Object.entries({ ...SMS_STATEMENTS, ...SMS_PASS_STATEMENTS }))(
    '%s reads no whole table of messages or receipts',
    async (_name, statement) => {
      assert.deepEqual(await tablesReadWhole(pool, statement, GROWING_TABLES), []);
    },
  );

  it('the check itself sees a statement that has no index for its lookup', async () => {
    // Receipts looked up by a column no index has: the check must report the table.
    const unindexed = { name: 'unindexed', text: 'SELECT sid FROM delivery_receipts WHERE error = $1::text' };
    assert.deepEqual(await tablesReadWhole(pool, unindexed, GROWING_TABLES), ['delivery_receipts']);
  });
});
