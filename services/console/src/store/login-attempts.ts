import { poolRunner, type NamedStatement, type SchemaPool, type StatementRunner } from '@otp/platform';
import type { AttemptCount, ThrottleSubjects } from '../domain/throttle.js';

/**
 * $1 the subjects, $2 the window in milliseconds. One statement: each subject's row is locked while
 * it counts, so parallel attempts get 1, 2, 3, ... and none can read a count before another's
 * write. A window that has ended starts again at this attempt. Rows are taken in $1's order (the
 * email's before the address's), the same in every attempt, so two attempts never deadlock.
 */
const COUNT_ATTEMPT: NamedStatement = {
  name: 'console_count_login_attempt',
  text: `INSERT INTO login_attempts AS a (subject, attempts, window_started_at)
    SELECT subject, 1, now() FROM unnest($1::text[]) WITH ORDINALITY AS s (subject, n) ORDER BY n
    ON CONFLICT (subject) DO UPDATE SET
      attempts = CASE WHEN a.window_started_at <= now() - $2::float8 * interval '1 millisecond'
        THEN 1 ELSE a.attempts + 1 END,
      window_started_at = CASE WHEN a.window_started_at <= now() - $2::float8 * interval '1 millisecond'
        THEN now() ELSE a.window_started_at END
    RETURNING subject, attempts, window_started_at, now() AS now`,
};

/** $1 the email's subject, $2 the address's: a right password clears the first, uncounts itself from the second. */
const SUCCEEDED: NamedStatement = {
  name: 'console_login_succeeded',
  text: `WITH cleared AS (DELETE FROM login_attempts WHERE subject = $1)
    UPDATE login_attempts SET attempts = greatest(attempts - 1, 0) WHERE subject = $2`,
};

/**
 * $1 the email's subject, $2 the address's: a right password with a second factor to come takes
 * itself off both and clears nothing, so the codes that follow are counted against the same window.
 */
const PASSED: NamedStatement = {
  name: 'console_login_passed',
  text: `UPDATE login_attempts SET attempts = greatest(attempts - 1, 0) WHERE subject = ANY(ARRAY[$1, $2]::text[])`,
};

/** $1 the oldest window start still kept. Runs by itself (the sweep). */
const SWEEP_ATTEMPTS: NamedStatement = {
  name: 'console_sweep_login_attempts',
  text: 'DELETE FROM login_attempts WHERE window_started_at <= $1::timestamptz',
};

interface CountRow {
  subject: string;
  attempts: number;
  window_started_at: Date;
  now: Date;
}

// Sign-in attempts per subject, kept in the database so every replica throttles the same way.
export class LoginAttempts {
  private readonly statements: StatementRunner;

  constructor(pool: SchemaPool) {
    this.statements = poolRunner(pool);
  }

  /** Counts one attempt against each subject, atomically; the database's clock says when. */
  async count(subjects: ThrottleSubjects, windowMs: number): Promise<{ now: Date; counts: AttemptCount[] }> {
    const rows = await this.statements.rows<CountRow>(COUNT_ATTEMPT, [[subjects.email, subjects.address], windowMs]);
    return {
      now: rows[0]?.now ?? new Date(),
      counts: rows.map((row) => ({
        subject: row.subject,
        attempts: row.attempts,
        windowStartedAt: row.window_started_at,
      })),
    };
  }

  async succeeded(subjects: ThrottleSubjects): Promise<void> {
    await this.statements.rows(SUCCEEDED, [subjects.email, subjects.address]);
  }

  /** A right password before a second factor: uncounted, nothing cleared (a password again must not reset the codes' count). */
  async passed(subjects: ThrottleSubjects): Promise<void> {
    await this.statements.rows(PASSED, [subjects.email, subjects.address]);
  }

  /** Forgets the windows that started at or before `before` (ended ones, given the window). */
  async sweep(before: Date): Promise<void> {
    await this.statements.rows(SWEEP_ATTEMPTS, [before]);
  }
}
