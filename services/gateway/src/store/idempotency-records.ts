import {
  HOUR_MS,
  poolRunner,
  statementRetention,
  type NamedStatement,
  type RetentionRule,
  type SchemaPool,
  type StatementRunner,
} from '@otp/platform';

// The gateway's Idempotency-Key records (docs/api/errors.md "Idempotency-Key"). Per request at most two
// statements: the claim, then the answer (or the release). Named statements on the pool
// (docs/developing.md, "Hot paths"): this runs on every keyed POST, and the retention pass runs
// by itself, so an idle gateway never loads Prisma's query compiler.

/** $1 project, $2 key, $3 request hash, $4 lease id, $5 lease length in milliseconds. */
const IDEMPOTENCY_STATEMENTS = {
  claim: {
    name: 'gateway_idempotency_claim',
    text: `INSERT INTO idempotency_records (project_id, key, request_hash, state, lease_id, locked_until)
           VALUES ($1::text, $2::text, $3::text, 'running', $4::uuid, now() + $5::int * interval '1 millisecond')
           ON CONFLICT (project_id, key) DO NOTHING
           RETURNING key`,
  },
  // The outer SELECT sees the row as it was before the takeover (one snapshot): that is fine,
  // `taken` says whether this attempt now holds it.
  takeover: {
    name: 'gateway_idempotency_takeover',
    text: `WITH takeover AS (
             UPDATE idempotency_records
                SET lease_id = $4::uuid, locked_until = now() + $5::int * interval '1 millisecond'
              WHERE project_id = $1::text AND key = $2::text AND request_hash = $3::text
                AND state = 'running' AND locked_until <= now()
             RETURNING key)
           SELECT request_hash, state, response_status, response_body, EXISTS (SELECT 1 FROM takeover) AS taken
             FROM idempotency_records WHERE project_id = $1::text AND key = $2::text`,
  },
  /** $1 project, $2 key, $3 lease id, $4 status, $5 body. */
  finish: {
    name: 'gateway_idempotency_finish',
    text: `UPDATE idempotency_records
              SET state = 'done', response_status = $4::int, response_body = $5::text, locked_until = now()
            WHERE project_id = $1::text AND key = $2::text AND lease_id = $3::uuid AND state = 'running'`,
  },
  /** $1 project, $2 key, $3 lease id. */
  forget: {
    name: 'gateway_idempotency_forget',
    text: `DELETE FROM idempotency_records
            WHERE project_id = $1::text AND key = $2::text AND lease_id = $3::uuid AND state = 'running'`,
  },
  /** $1 project, $2 key, $3 lease id. */
  release: {
    name: 'gateway_idempotency_release',
    text: `UPDATE idempotency_records SET locked_until = now()
            WHERE project_id = $1::text AND key = $2::text AND lease_id = $3::uuid AND state = 'running'`,
  },
  /** $1 cutoff, $2 batch size; answers how many records went. */
  deleteBatch: {
    name: 'gateway_idempotency_retention',
    text: `WITH deleted AS (
             DELETE FROM idempotency_records WHERE (project_id, key) IN (
               SELECT project_id, key FROM idempotency_records
                WHERE created_at < $1::timestamptz AND locked_until <= now()
                LIMIT $2::int FOR UPDATE SKIP LOCKED)
             RETURNING 1)
           SELECT count(*)::int AS deleted FROM deleted`,
  },
} satisfies Record<string, NamedStatement>;

export interface Claim {
  projectId: string;
  key: string;
  requestHash: string;
  /** Identifies this attempt's lease: only it may finish or release the record. */
  leaseId: string;
  leaseMs: number;
}

export type ClaimOutcome =
  { kind: 'claimed' } | { kind: 'replay'; status: number; body: string } | { kind: 'in_use' } | { kind: 'reused' };

interface ExistingRow {
  request_hash: string;
  state: string;
  response_status: number | null;
  response_body: string | null;
  taken: boolean;
}

export class IdempotencyRecords {
  private readonly run: StatementRunner;

  /** `pool` is the one Prisma runs on (`openDatabase(url, schema, pool)`). */
  constructor(pool: SchemaPool) {
    this.run = poolRunner(pool);
  }

  /**
   * A new key is claimed by one insert. A key seen before is taken over when it is the same
   * request and its lease ran out or was released (the earlier attempt crashed or answered 5xx);
   * otherwise the row says what to answer.
   */
  async claim(claim: Claim): Promise<ClaimOutcome> {
    // Two rounds at most: a row can vanish between the statements only through the retention pass.
    const values = [claim.projectId, claim.key, claim.requestHash, claim.leaseId, claim.leaseMs];
    for (let round = 0; round < 2; round++) {
      const inserted = await this.run.rows(IDEMPOTENCY_STATEMENTS.claim, values);
      if (inserted.length > 0) return { kind: 'claimed' };
      const rows = await this.run.rows<ExistingRow>(IDEMPOTENCY_STATEMENTS.takeover, values);
      const row = rows[0];
      // Deleted by the retention pass between the two statements: claim it afresh.
      if (!row) continue;
      if (row.request_hash !== claim.requestHash) return { kind: 'reused' };
      if (row.taken) return { kind: 'claimed' };
      if (row.state === 'done' && row.response_status !== null && row.response_body !== null) {
        return { kind: 'replay', status: row.response_status, body: row.response_body };
      }
      return { kind: 'in_use' };
    }
    return { kind: 'in_use' };
  }

  /** Keeps the answer for replay; a no-op when another attempt took the lease over meanwhile. */
  async finish(projectId: string, key: string, leaseId: string, status: number, body: string): Promise<void> {
    await this.run.rows(IDEMPOTENCY_STATEMENTS.finish, [projectId, key, leaseId, status, body]);
  }

  /** Drops the record this attempt claimed: the key is not this request's (the owner keeps it for another). */
  async forget(projectId: string, key: string, leaseId: string): Promise<void> {
    await this.run.rows(IDEMPOTENCY_STATEMENTS.forget, [projectId, key, leaseId]);
  }

  /** Ends this attempt's lease at once, so a retry with the same key runs again. */
  async release(projectId: string, key: string, leaseId: string): Promise<void> {
    await this.run.rows(IDEMPOTENCY_STATEMENTS.release, [projectId, key, leaseId]);
  }

  /**
   * Records older than `keepHours` go (docs/developing.md "Data retention"), never one whose lease still runs:
   * that request is still deciding its answer.
   */
  retention(keepHours: number): RetentionRule {
    return statementRetention(this.run, {
      table: 'idempotency_records',
      keepMs: keepHours * HOUR_MS,
      statement: IDEMPOTENCY_STATEMENTS.deleteBatch,
    });
  }
}
