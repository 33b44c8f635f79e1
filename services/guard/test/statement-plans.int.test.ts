import { describeStatementPlans } from '@otp/test/infra/statement-plans';
import { RETENTION_STATEMENTS } from '../src/store/retention.js';
import { START_STATEMENTS } from '../src/store/starts.js';

// Guard's statements find their rows through an index: starts and their counts grow with every
// start (docs/developing.md, "Hot paths"). The admit statement calls the admit function, whose
// own statements this check cannot see inside PL/pgSQL; `npm run bench -- guard` measures what a
// start costs as its prefix's day grows. Blocks are few and read whole by retention on purpose.

const { admit: _admitFunction, ...statements } = START_STATEMENTS;

describeStatementPlans('guard', {
  schema: 'guard',
  statements: { ...statements, ...RETENTION_STATEMENTS },
  tables: ['starts', 'prefix_counts'],
});
