import { describeStatementPlans } from '@otp/test/infra/statement-plans';
import { INTENT_STATEMENTS } from '../src/store/start-intent-statements.js';
import {
  INSERT_VERIFICATION,
  LOCK_VERIFICATION,
  READ_UNSETTLED,
  WRITE_VERIFICATION,
} from '../src/store/verification-statements.js';

// Each of a start's statements and of a verification's writes finds its rows through an index.
// Its tables grow with traffic, and a statement that reads one whole gets slower with every row
// kept (docs/developing.md, "Hot paths"; the check itself is tested in
// services/sms/test/statement-plans.int.test.ts).

const { claimDue, ...intentLookups } = INTENT_STATEMENTS;
const lookups = { ...intentLookups, INSERT_VERIFICATION, LOCK_VERIFICATION, WRITE_VERIFICATION };

/**
 * 2,000 verifications that were started, pending, approved and settled, analyzed: the statistics
 * say none is in flight, and the partial indexes of the states in flight hold an entry for every
 * version that passed through them.
 */
const PAST_IN_FLIGHT = [
  `INSERT INTO verifications (sid, project_id, status, to_number, channel, checks_left, fee_cents, cost_cents,
                              metadata, created_at, expires_at, code_mac, switch_on_failure, sms_text, recovery_due_at)
   SELECT 'VE' || md5(g::text), 'PJ1', 'starting', '+14155550123', 'messenger', 5, 1, 1, '{}', now(),
          now() + interval '10 minutes', '\\x00', true, 'Your code is {code}', now() + interval '1 minute'
     FROM generate_series(1, 2000) g`,
  `UPDATE verifications SET status = 'pending', recovery_due_at = NULL`,
  `UPDATE verifications SET status = 'approved', finished_at = now()`,
  `UPDATE verifications SET settled_at = now()`,
  'ANALYZE verifications',
];

describeStatementPlans('verify', {
  schema: 'verify',
  statements: lookups,
  passes: { claimDue, READ_UNSETTLED },
  tables: ['verifications', 'attempts'],
  pastInFlight: PAST_IN_FLIGHT,
});
