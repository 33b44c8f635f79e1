import {
  DAY_MS,
  poolRunner,
  statementRetention,
  type NamedStatement,
  type RetentionRule,
  type SchemaPool,
} from '@otp/platform';

// What the messenger service deletes after RETENTION_DAYS (docs/developing.md "Data retention"). A code goes
// with its checks once nothing can change it for money: not while `sending` (the recovery pass) or
// `sent` (the undelivered check may still expire and refund it), never with a refund `due`.
// The partial index codes_retention_idx holds exactly these rows, by age.
//
// Retention runs by itself on a timer, so its statements are named statements on the pool: an
// idle process never loads Prisma's query compiler (docs/developing.md, "Hot paths"). Each answers
// how many rows of its table it deleted. Parameters: the cutoff, the batch size.

const RETENTION_STATEMENTS = {
  // One statement: the checks and their code go together (code_checks references codes).
  codes: {
    name: 'messenger_retention_codes',
    text: `WITH doomed AS (
             SELECT sid FROM codes
              WHERE created_at < $1::timestamptz
                AND status IN ('delivered', 'read', 'expired', 'revoked', 'failed', 'discarded') AND refund <> 'due'
              LIMIT $2::int FOR UPDATE SKIP LOCKED),
           checks AS (DELETE FROM code_checks WHERE sid IN (SELECT sid FROM doomed)),
           gone AS (DELETE FROM codes WHERE sid IN (SELECT sid FROM doomed) RETURNING 1)
           SELECT count(*)::int AS deleted FROM gone`,
  },
  // Replay protection only: a report older than REPORT_MAX_AGE_SECONDS is refused anyway.
  providerReports: {
    name: 'messenger_retention_provider_reports',
    text: `WITH gone AS (
             DELETE FROM provider_reports WHERE signature = ANY(ARRAY(
               SELECT signature FROM provider_reports WHERE received_at < $1::timestamptz
                LIMIT $2::int FOR UPDATE SKIP LOCKED))
             RETURNING 1)
           SELECT count(*)::int AS deleted FROM gone`,
  },
} satisfies Record<string, NamedStatement>;

export function messengerRetention(pool: SchemaPool, retentionDays: number): RetentionRule[] {
  const runner = poolRunner(pool);
  const keepMs = retentionDays * DAY_MS;
  return [
    statementRetention(runner, { table: 'codes', keepMs, statement: RETENTION_STATEMENTS.codes }),
    statementRetention(runner, { table: 'provider_reports', keepMs, statement: RETENTION_STATEMENTS.providerReports }),
  ];
}
