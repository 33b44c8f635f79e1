import assert from 'node:assert/strict';
import { it } from '@jest/globals';
import { describeStatementPlans } from '@otp/test/infra/statement-plans';
import { SMS_PASS_STATEMENTS, SMS_STATEMENTS } from '../src/store/message-statements.js';

// Every statement a message runs on its way (send, delivery, receipt) and every pass the service
// runs by itself finds its rows through an index. The tables grow with every message (and
// receipts are kept RETENTION_DAYS), so a statement that reads a whole table gets slower with
// every message sent, and a pass every few seconds that does keeps Postgres busy on its own.

describeStatementPlans('sms', {
  schema: 'sms',
  statements: { ...SMS_STATEMENTS, ...SMS_PASS_STATEMENTS },
  tables: ['messages', 'delivery_receipts'],
  more: (readWhole) => {
    it('the check itself sees a statement that has no index for its lookup', async () => {
      // Receipts looked up by a column no index has: the check must report the table.
      const unindexed = { name: 'unindexed', text: 'SELECT sid FROM delivery_receipts WHERE error = $1::text' };
      assert.deepEqual(await readWhole(unindexed), ['delivery_receipts']);
    });
  },
});
