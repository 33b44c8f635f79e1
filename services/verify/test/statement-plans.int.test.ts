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
// kept (docs/DEVELOPING.md, "Hot paths"; the check itself is tested in
// services/sms/test/statement-plans.int.test.ts).

describeStatementPlans('verify', {
  schema: 'verify',
  statements: { ...INTENT_STATEMENTS, INSERT_VERIFICATION, LOCK_VERIFICATION, READ_UNSETTLED, WRITE_VERIFICATION },
  tables: ['verifications', 'attempts'],
});
