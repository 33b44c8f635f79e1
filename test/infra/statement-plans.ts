import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { schemaPool, type NamedStatement, type SchemaPool } from '@otp/platform';
import { freshDatabase } from './database.js';

// Whether a statement finds its rows through an index, asked as a table of any size would get its
// plan. A small test table hides a missing index, because Postgres' planner rightly prefers
// reading a few pages; so the plan asked is the generic one (no parameter values to fold), with
// sequential scans priced out. A table with no index for the lookup still shows a sequential scan
// then, or a walk through a whole index (an index scan with no condition on a full index) in its
// place. A partial index holds the rows in flight (queued, unsettled, awaiting a match), so a pass
// over them may read one whole. A lookup by key may not: besides the live rows in flight, such an
// index keeps an entry for every row version that passed through the state until vacuum removes
// it, so a lookup that walks it instead of the key's index reads more pages with every message
// sent since the last vacuum. Postgres chooses that walk whenever its statistics say the state is
// empty (they do, nearly always: the rows pass through it in milliseconds).
//
// Jest only (it registers a suite): imported as `@otp/test/infra/statement-plans`, not through
// the infra index the benchmarks load.

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

const INDEX_SCANS = new Set(['Index Scan', 'Index Only Scan', 'Bitmap Index Scan']);

/** The tables (or `table via index`) a plan reads whole; a partial index of `inFlight` does not count. */
function wholeReads(node: PlanNode, inFlight: Set<string>): string[] {
  const table = node['Relation Name'];
  const index = node['Index Name'];
  let own: string[] = [];
  if (node['Node Type'] === 'Seq Scan' && table) own = [table];
  else if (INDEX_SCANS.has(node['Node Type']) && index && !node['Index Cond'] && !inFlight.has(index)) {
    own = [`${table ?? 'a table'} via ${index}`];
  }
  return [...own, ...(node.Plans ?? []).flatMap((child) => wholeReads(child, inFlight))];
}

function parameterCount(text: string): number {
  return Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
}

/** What a plan is asked under, beyond the default (an empty table, sequential scans priced out). */
export interface PlanConditions {
  /**
   * Statements run first, in the transaction the plan is asked in (rolled back after it): rows
   * to plan against, and `ANALYZE` so the planner knows them.
   */
  setUp?: string[];
  /**
   * 'priced': sequential scans cost what they cost, so the plan is the one Postgres itself would
   * choose for the rows set up. Some plans read a table whole only then: a LIMIT over a lookup the
   * planner expects many matches for is planned as a read in table order until the first match.
   */
  seqScans?: 'priced_out' | 'priced';
  /**
   * 'pass': the statement takes the rows in flight, and may read a partial index whole. 'lookup'
   * (the default): it finds rows by key, and a partial index read whole counts as a whole read.
   */
  reads?: 'lookup' | 'pass';
}

/**
 * The tables of `tables` that `statement` reads whole (empty: every row it reads is found by an
 * index), on a pool whose search_path is the service's schema. Nothing is kept.
 */
export async function tablesReadWhole(
  pool: SchemaPool,
  statement: NamedStatement,
  tables: string[],
  conditions: PlanConditions = {},
): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const setUp of conditions.setUp ?? []) await client.query(setUp);
    await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
    if (conditions.seqScans !== 'priced') await client.query('SET LOCAL enable_seqscan = off');
    await client.query(`PREPARE planned AS ${statement.text}`);
    const nulls = Array.from({ length: parameterCount(statement.text) }, () => 'NULL').join(', ');
    const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
      `EXPLAIN (FORMAT JSON) EXECUTE planned${nulls ? `(${nulls})` : ''}`,
    );
    const partial =
      conditions.reads === 'pass'
        ? await client.query<{ indexname: string }>(
            `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexdef LIKE '% WHERE %'`,
          )
        : { rows: [] };
    const reads = wholeReads(rows[0]!['QUERY PLAN'][0]!.Plan, new Set(partial.rows.map((r) => r.indexname)));
    return reads.filter((read) => tables.includes(read.split(' ')[0]!));
  } finally {
    await client.query('ROLLBACK');
    // A prepared statement outlives the transaction.
    await client.query('DEALLOCATE ALL');
    client.release();
  }
}

/**
 * The suite a service runs over its hot statements (docs/developing.md, "Hot paths"): one test
 * per statement, each failing when the statement reads one of `tables` (which grow with traffic)
 * whole. `statements` find their rows by key (checked again over `pastInFlight` when given);
 * `passes` take the rows in flight, through the partial index that holds them. `more` adds tests
 * in the same suite, with the same check on the same database.
 */
export function describeStatementPlans(
  service: string,
  options: {
    schema: string;
    statements: Record<string, NamedStatement>;
    passes?: Record<string, NamedStatement>;
    tables: string[];
    /**
     * Rows that went through every state in flight, then `ANALYZE`: each statement is checked
     * again over them, as Postgres plans it when its statistics say nothing is in flight (the
     * partial indexes of those states look empty, and hold the entries of every row that passed).
     */
    pastInFlight?: string[];
    more?: (readWhole: (statement: NamedStatement, conditions?: PlanConditions) => Promise<string[]>) => void;
  },
): void {
  describe(`${service}: hot statements find their rows by index`, () => {
    let pool: SchemaPool;
    const readWhole = (statement: NamedStatement, conditions?: PlanConditions) =>
      tablesReadWhole(pool, statement, options.tables, conditions);
    beforeAll(async () => {
      pool = schemaPool(await freshDatabase(), options.schema);
    });
    afterAll(async () => {
      await pool?.end();
    });

    it.each(Object.entries(options.statements))('%s reads no whole table', async (_name, statement) => {
      assert.deepEqual(await readWhole(statement), []);
    });
    const pastInFlight = options.pastInFlight;
    if (pastInFlight) {
      it.each(Object.entries(options.statements))(
        '%s finds its rows by key when the statistics say none is in flight',
        async (_name, statement) => {
          assert.deepEqual(await readWhole(statement, { setUp: pastInFlight }), []);
        },
      );
    }
    const passes = Object.entries(options.passes ?? {});
    if (passes.length > 0) {
      it.each(passes)('the pass %s reads no whole table but its partial index', async (_name, statement) => {
        assert.deepEqual(await readWhole(statement, { reads: 'pass' }), []);
      });
    }
    options.more?.(readWhole);
  });
}
