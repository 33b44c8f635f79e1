import { describeStatementPlans } from '@otp/test/infra/statement-plans';
import { DELIVERY_STATEMENTS } from '../src/store/delivery-statements.js';

// Every statement of a webhook delivery (intake, claim, attempt, outcome) finds its rows through an index.
// Its tables grow with traffic, and a statement that reads one whole gets slower with every row
// kept (docs/developing.md, "Hot paths"; the check itself is tested in
// services/sms/test/statement-plans.int.test.ts).

describeStatementPlans('webhook-dispatcher', {
  schema: 'webhooks',
  statements: DELIVERY_STATEMENTS,
  tables: ['deliveries', 'delivery_attempts'],
});
