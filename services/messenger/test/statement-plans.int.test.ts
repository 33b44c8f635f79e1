import { describeStatementPlans } from '@otp/test/infra/statement-plans';
import { CODE_STATEMENTS } from '../src/store/code-statements.js';

// Every statement of a messenger code on its way (send, status change, report, check) and every pass finds its rows through an index.
// Its tables grow with traffic, and a statement that reads one whole gets slower with every row
// kept (docs/developing.md, "Hot paths"; the check itself is tested in
// services/sms/test/statement-plans.int.test.ts).

const { stuckSending, refundsDue, undeliveredWithCallback, forgetReportsBefore, ...lookups } = CODE_STATEMENTS;

/**
 * 2,000 codes that were sent and delivered, analyzed: the statistics say no code is `sending`,
 * and codes_sending_idx holds an entry for every version that passed through it.
 */
const PAST_SENDING = [
  `INSERT INTO codes (sid, project_id, "to", purpose, status, own_code, expires_at, created_at, updated_at)
   SELECT 'MC' || md5(g::text), 'PJ1', '+14155550123', 'verify', 'sending', false, now(), now(), now()
     FROM generate_series(1, 2000) g`,
  `UPDATE codes SET status = 'sent', updated_at = now()`,
  `UPDATE codes SET status = 'delivered', updated_at = now()`,
  'ANALYZE codes',
];

describeStatementPlans('messenger', {
  schema: 'messenger',
  statements: lookups,
  passes: { stuckSending, refundsDue, undeliveredWithCallback, forgetReportsBefore },
  tables: ['codes', 'code_checks', 'provider_reports'],
  pastInFlight: PAST_SENDING,
});
