import { HOUR_MS, type RetentionRule } from '@otp/platform';
import type { Db } from './database.js';

// The gateway's Idempotency-Key records (README "Idempotency-Key"). Per request at most two
// statements: the claim, then the answer (or the release). Raw SQL: this runs on every keyed POST.

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
  constructor(private readonly db: Db) {}

  /**
   * A new key is claimed by one insert. A key seen before is taken over when it is the same
   * request and its lease ran out or was released (the earlier attempt crashed or answered 5xx);
   * otherwise the row says what to answer.
   */
  async claim(claim: Claim): Promise<ClaimOutcome> {
    // Two rounds at most: a row can vanish between the statements only through the retention pass.
    for (let round = 0; round < 2; round++) {
      const inserted = await this.db.$queryRaw<{ key: string }[]>`
        INSERT INTO idempotency_records (project_id, key, request_hash, state, lease_id, locked_until)
        VALUES (${claim.projectId}, ${claim.key}, ${claim.requestHash}, 'running', ${claim.leaseId}::uuid,
                now() + ${claim.leaseMs}::int * interval '1 millisecond')
        ON CONFLICT (project_id, key) DO NOTHING
        RETURNING key`;
      if (inserted.length > 0) return { kind: 'claimed' };
      // The outer SELECT sees the row as it was before the takeover (one snapshot): that is fine,
      // `taken` says whether this attempt now holds it.
      const rows = await this.db.$queryRaw<ExistingRow[]>`
        WITH takeover AS (
          UPDATE idempotency_records
             SET lease_id = ${claim.leaseId}::uuid,
                 locked_until = now() + ${claim.leaseMs}::int * interval '1 millisecond'
           WHERE project_id = ${claim.projectId} AND key = ${claim.key} AND request_hash = ${claim.requestHash}
             AND state = 'running' AND locked_until <= now()
          RETURNING key)
        SELECT request_hash, state, response_status, response_body, EXISTS (SELECT 1 FROM takeover) AS taken
          FROM idempotency_records WHERE project_id = ${claim.projectId} AND key = ${claim.key}`;
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
    await this.db.$executeRaw`
      UPDATE idempotency_records
         SET state = 'done', response_status = ${status}::int, response_body = ${body}, locked_until = now()
       WHERE project_id = ${projectId} AND key = ${key} AND lease_id = ${leaseId}::uuid AND state = 'running'`;
  }

  /** Ends this attempt's lease at once, so a retry with the same key runs again. */
  async release(projectId: string, key: string, leaseId: string): Promise<void> {
    await this.db.$executeRaw`
      UPDATE idempotency_records SET locked_until = now()
       WHERE project_id = ${projectId} AND key = ${key} AND lease_id = ${leaseId}::uuid AND state = 'running'`;
  }

  /**
   * Records older than `keepHours` go (README "Data retention"), never one whose lease still runs:
   * that request is still deciding its answer.
   */
  retention(keepHours: number): RetentionRule {
    return {
      table: 'idempotency_records',
      keepMs: keepHours * HOUR_MS,
      deleteBatch: (cutoff, limit) => this.db.$executeRaw`
        DELETE FROM idempotency_records WHERE (project_id, key) IN (
          SELECT project_id, key FROM idempotency_records
           WHERE created_at < ${cutoff}::timestamptz AND locked_until <= now()
           LIMIT ${limit}::int FOR UPDATE SKIP LOCKED)`,
    };
  }
}
