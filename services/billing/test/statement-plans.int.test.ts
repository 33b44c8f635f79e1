import { describeStatementPlans } from '@otp/test/infra/statement-plans';
import { MONEY_STATEMENTS } from '../src/store/money-statements.js';

// Every money movement of a send or a start (hold, capture, charge, release) finds its rows through an index.
// Its tables grow with traffic, and a statement that reads one whole gets slower with every row
// kept (docs/developing.md, "Hot paths"; the check itself is tested in
// services/sms/test/statement-plans.int.test.ts).

describeStatementPlans('billing', {
  schema: 'billing',
  statements: MONEY_STATEMENTS,
  tables: ['ledger_entries', 'holds', 'operations'],
});
