import assert from 'node:assert/strict';
import { it } from '@jest/globals';
import { describeStatementPlans } from '@otp/test/infra/statement-plans';
import { SMS_PASS_STATEMENTS, SMS_STATEMENTS } from '../src/store/message-statements.js';

// Every statement a message runs on its way (send, delivery, receipt) and every pass the service
// runs by itself finds its rows through an index. The tables grow with every message (and
// receipts are kept RETENTION_DAYS), so a statement that reads a whole table gets slower with
// every message sent, and a pass every few seconds that does keeps Postgres busy on its own.

/** 20,000 receipts no message claimed (sid null), received at `receivedAt` (SQL), analyzed. */
function unclaimedReceipts(receivedAt: string): string[] {
  return [
    `INSERT INTO delivery_receipts (carrier, receipt_key, carrier_message_id, state, done_at, received_at)
     SELECT 'sandbox', 'unclaimed' || g, 'unclaimed' || g, 'DELIVRD', now(), ${receivedAt} FROM generate_series(1, 20000) g`,
    'ANALYZE delivery_receipts',
  ];
}

/**
 * 2,000 messages that went through every state a message passes (accepted, queued, processing,
 * sent, delivered) and were analyzed: the statistics say no message is in flight, and the partial
 * indexes of the states in flight hold an entry for every version that passed through them.
 */
const PAST_IN_FLIGHT = [
  `INSERT INTO messages (sid, project_id, status, purpose, "to", "from", body, segments, encoding, price_cents,
                         cost_cents, money_due)
   SELECT 'SM' || md5(g::text), 'PJ1', 'accepted', 'direct', '+14155550123', 'Bench', 'hello', 1, 'gsm7', 1, 1, true
     FROM generate_series(1, 2000) g`,
  `UPDATE messages SET status = 'queued', hold_id = 'HD' || sid`,
  `UPDATE messages SET status = 'processing', money_due = false`,
  `UPDATE messages SET status = 'sent', delivery_status = 'delivered'`,
  'ANALYZE messages',
];

describeStatementPlans('sms', {
  schema: 'sms',
  statements: SMS_STATEMENTS,
  passes: SMS_PASS_STATEMENTS,
  tables: ['messages', 'delivery_receipts'],
  // Planned without it, markQueued walked the whole index of accepted and queued messages (dead
  // entries included) on every send: 137-183 pages a call in `npm run bench -- sms`.
  pastInFlight: PAST_IN_FLIGHT,
  more: (readWhole) => {
    it('a receipt finds its message by index among many, planned as Postgres itself would', async () => {
      // 5,000 sent messages with their receipts, analyzed: the plan Postgres chooses by itself.
      // The lookup of a receipt's message used to be planned as a read of every message in
      // table order (a LIMIT 1 over the GIN lookup), so every receipt cost the whole table.
      const setUp = [
        `INSERT INTO messages (sid, project_id, status, purpose, "to", "from", body, segments, encoding, price_cents,
                               cost_cents, hold_id, carrier, carrier_message_ids, receipt_keys, created_at, updated_at)
         SELECT 'SM' || md5(g::text), 'PJ1', 'sent', 'direct', '+14155550123', 'Bench', 'hello', 1, 'gsm7', 1, 1,
                'HD' || g, 'sandbox', ARRAY['id' || g], ARRAY['sandbox:id' || g], now(), now()
           FROM generate_series(1, 5000) g`,
        `INSERT INTO delivery_receipts (carrier, receipt_key, carrier_message_id, state, done_at, received_at, sid)
         SELECT 'sandbox', 'id' || g, 'id' || g, 'DELIVRD', now(), now(), 'SM' || md5(g::text)
           FROM generate_series(1, 5000) g`,
        'ANALYZE messages, delivery_receipts',
      ];
      assert.deepEqual(await readWhole(SMS_STATEMENTS.recordReceipt, { setUp, seqScans: 'priced' }), []);
    });

    it('a completed send finds the receipts that came before its ids by key, however many never matched', async () => {
      // Receipts no message claimed (sid still null) stay until retention: 20,000 of them,
      // analyzed. Found by `sid IS NULL`, every send read them all, and Postgres chose to read
      // the whole table instead.
      const setUp = unclaimedReceipts('now()');
      assert.deepEqual(await readWhole(SMS_STATEMENTS.markSent, { setUp, seqScans: 'priced' }), []);
    });
    it('the receipt pass reads only the recent receipts that found no message, however many older ones never did', async () => {
      // 20,000 receipts that never found their message, received two days ago, analyzed: the
      // pass looked each of them up again every few seconds, until retention.
      const setUp = unclaimedReceipts("now() - interval '2 days'");
      assert.deepEqual(
        await readWhole(SMS_PASS_STATEMENTS.matchWaiting, { setUp, seqScans: 'priced', reads: 'pass' }),
        [],
      );
    });
    it('the check itself sees a statement that has no index for its lookup', async () => {
      // Receipts looked up by a column no index has: the check must report the table.
      const unindexed = { name: 'unindexed', text: 'SELECT sid FROM delivery_receipts WHERE error = $1::text' };
      assert.deepEqual(await readWhole(unindexed), ['delivery_receipts']);
    });
  },
});
