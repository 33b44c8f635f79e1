import { describeStatementPlans } from '@otp/test/infra/statement-plans';
import { CODE_STATEMENTS } from '../src/store/code-statements.js';

// Every statement of a messenger code on its way (send, status change, report, check) and every pass finds its rows through an index.
// Its tables grow with traffic, and a statement that reads one whole gets slower with every row
// kept (docs/DEVELOPING.md, "Hot paths"; the check itself is tested in
// services/sms/test/statement-plans.int.test.ts).

describeStatementPlans('messenger', {
  schema: 'messenger',
  statements: CODE_STATEMENTS,
  tables: ['codes', 'code_checks', 'provider_reports'],
});
