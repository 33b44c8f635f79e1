import {
  DAY_MS,
  poolRunner,
  statementRetention,
  type NamedStatement,
  type RetentionRule,
  type SchemaPool,
} from '@otp/platform';

// What verify deletes after RETENTION_DAYS (docs/developing.md "Data retention"): a verification with its
// attempts, once it is final and settled (refunds done, finished event written) or a discarded
// start with nothing owed. Never a starting or pending one, never one the recovery pass still
// holds (recovery_due_at) or with money_due. The partial index verifications_retention_idx holds
// exactly these rows, by age.
//
// Retention runs by itself on a timer, so its statement is a named statement on the pool: an idle
// process never loads Prisma's query compiler (docs/developing.md, "Hot paths").

/**
 * One statement: the attempts and their verification go together (attempts references it).
 * Parameters: the cutoff, the batch size; answers how many verifications it deleted.
 */
const DELETE_VERIFICATIONS: NamedStatement = {
  name: 'verify_retention_verifications',
  text: `WITH doomed AS (
           SELECT sid FROM verifications
            WHERE created_at < $1::timestamptz
              AND ((status IN ('approved', 'expired', 'failed') AND settled_at IS NOT NULL) OR status = 'discarded')
              AND NOT money_due AND recovery_due_at IS NULL
            LIMIT $2::int FOR UPDATE SKIP LOCKED),
         attempts_gone AS (DELETE FROM attempts WHERE verification_sid IN (SELECT sid FROM doomed)),
         gone AS (DELETE FROM verifications WHERE sid IN (SELECT sid FROM doomed) RETURNING 1)
         SELECT count(*)::int AS deleted FROM gone`,
};

export function verifyRetention(pool: SchemaPool, retentionDays: number): RetentionRule[] {
  return [
    statementRetention(poolRunner(pool), {
      table: 'verifications',
      keepMs: retentionDays * DAY_MS,
      statement: DELETE_VERIFICATIONS,
    }),
  ];
}
