import { randomUUID } from 'node:crypto';
import type pg from 'pg';

// The rows a retention test looks at, in every schema: what a resource left behind, moving it back
// in time, and copies of real rows put in a state retention must respect (not final, money owed,
// a request still running).

export interface Sids {
  sms: string;
  code: string;
  verification: string;
  idempotencyKey: string;
}

/** What a resource left in each table, found by its sids (read before anything is deleted). */
export interface Footprint {
  carrierIds: string[];
  requestId: string;
  deliveryIds: string[];
}

const OLD = "now() - interval '91 days'";

export function likeAny(sids: Sids): string[] {
  return [sids.sms, sids.code, sids.verification].map((sid) => `%${sid}%`);
}

export class RetentionRows {
  constructor(
    private readonly db: pg.Pool,
    private readonly projectId: string,
  ) {}

  async count(sql: string, params: unknown[]): Promise<number> {
    return (await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!.n;
  }

  async footprint(sids: Sids): Promise<Footprint> {
    const carrier = await this.db.query<{ ids: string[] }>(
      'SELECT carrier_message_ids AS ids FROM sms.messages WHERE sid = $1',
      [sids.sms],
    );
    const code = await this.db.query<{ request_id: string }>('SELECT request_id FROM messenger.codes WHERE sid = $1', [
      sids.code,
    ]);
    const deliveries = await this.db.query<{ id: string }>(
      'SELECT id FROM webhooks.deliveries WHERE body LIKE ANY($1)',
      [likeAny(sids)],
    );
    return {
      carrierIds: carrier.rows[0]!.ids,
      requestId: code.rows[0]!.request_id,
      deliveryIds: deliveries.rows.map((row) => row.id),
    };
  }

  /** Rows of a resource per table (the same questions for old and new ones). */
  async rowsOf(sids: Sids, seen: Footprint): Promise<Record<string, number>> {
    const all = [sids.sms, sids.code, sids.verification];
    return {
      messages: await this.count('sms.messages WHERE sid = $1', [sids.sms]),
      receipts: await this.count('sms.delivery_receipts WHERE carrier_message_id = ANY($1)', [seen.carrierIds]),
      codes: await this.count('messenger.codes WHERE sid = $1', [sids.code]),
      codeChecks: await this.count('messenger.code_checks WHERE sid = $1', [sids.code]),
      providerReports: await this.count('messenger.provider_reports WHERE request_id = $1', [seen.requestId]),
      verifications: await this.count('verify.verifications WHERE sid = $1', [sids.verification]),
      attempts: await this.count('verify.attempts WHERE verification_sid = $1', [sids.verification]),
      deliveries: await this.count('webhooks.deliveries WHERE id = ANY($1::uuid[])', [seen.deliveryIds]),
      deliveryAttempts: await this.count('webhooks.delivery_attempts WHERE delivery_id = ANY($1::uuid[])', [
        seen.deliveryIds,
      ]),
      idempotencyRecords: await this.count('gateway.idempotency_records WHERE project_id = $1 AND key = $2', [
        this.projectId,
        sids.idempotencyKey,
      ]),
      moneyKeys: await this.count('billing.operations WHERE idempotency_key LIKE ANY($1)', [
        all.map((sid) => `${sid}%`),
      ]),
      outbox: await this.count(
        `(SELECT payload FROM sms.outbox_events UNION ALL SELECT payload FROM messenger.outbox_events
          UNION ALL SELECT payload FROM verify.outbox_events) o WHERE payload->'data'->>'sid' = ANY($1)`,
        [all],
      ),
    };
  }

  /** Moves a resource's records back by `days` and its outbox rows and Idempotency-Key record by `hours`. */
  async age(sids: Sids, seen: Footprint, moves: { days?: number; hours?: number; moneyKeyDays: number }) {
    const all = [sids.sms, sids.code, sids.verification];
    const days = `${moves.days ?? 0} days`;
    const hours = `${moves.hours ?? 0} hours`;
    const statements: [string, unknown[]][] = [
      ['UPDATE sms.messages SET created_at = created_at - $2::interval WHERE sid = $1', [sids.sms, days]],
      [
        'UPDATE sms.delivery_receipts SET received_at = received_at - $2::interval WHERE carrier_message_id = ANY($1)',
        [seen.carrierIds, days],
      ],
      ['UPDATE messenger.codes SET created_at = created_at - $2::interval WHERE sid = $1', [sids.code, days]],
      [
        'UPDATE messenger.provider_reports SET received_at = received_at - $2::interval WHERE request_id = $1',
        [seen.requestId, days],
      ],
      [
        'UPDATE verify.verifications SET created_at = created_at - $2::interval WHERE sid = $1',
        [sids.verification, days],
      ],
      [
        'UPDATE webhooks.deliveries SET updated_at = updated_at - $2::interval WHERE id = ANY($1::uuid[])',
        [seen.deliveryIds, days],
      ],
      [
        'UPDATE billing.operations SET created_at = created_at - $2::interval WHERE idempotency_key LIKE ANY($1)',
        [all.map((sid) => `${sid}%`), `${moves.moneyKeyDays} days`],
      ],
      // The ledger is kept forever, however old.
      [
        'UPDATE billing.ledger_entries SET created_at = created_at - $2::interval WHERE reference = ANY($1)',
        [all, days],
      ],
      ['UPDATE billing.holds SET created_at = created_at - $2::interval WHERE reference = ANY($1)', [all, days]],
      [
        'UPDATE gateway.idempotency_records SET created_at = created_at - $3::interval WHERE project_id = $1 AND key = $2',
        [this.projectId, sids.idempotencyKey, hours],
      ],
    ];
    for (const schema of ['sms', 'messenger', 'verify']) {
      statements.push([
        `UPDATE ${schema}.outbox_events SET published_at = published_at - $2::interval WHERE payload->'data'->>'sid' = ANY($1)`,
        [all, hours],
      ]);
    }
    for (const [sql, params] of statements) await this.db.query(sql, params);
  }

  /**
   * A copy of a real row under a new key, changed by `set` (parameters from $2) and inserted as it
   * is: how the test writes a row in a state the flows above would leave only after a crash or
   * while Billing is unreachable.
   */
  private async copyRow(table: string, key: string, from: string, set: string, params: unknown[]): Promise<void> {
    const client = await this.db.connect();
    try {
      await client.query('BEGIN');
      await client.query(`CREATE TEMP TABLE copy (LIKE ${table}) ON COMMIT DROP`);
      await client.query(`INSERT INTO copy SELECT * FROM ${table} WHERE ${key} = $1`, [from]);
      await client.query(`UPDATE copy SET ${set}`, params);
      await client.query(`INSERT INTO ${table} SELECT * FROM copy`);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  /** Old rows that must stay: not final, or money still owed, or a request still running. */
  async unfinishedCopies(sids: Sids, seen: Footprint): Promise<Record<string, string>> {
    const keep = {
      queuedSms: `SMkeepqueued${sids.sms.slice(12)}`,
      moneyDueSms: `SMkeepmoney0${sids.sms.slice(12)}`,
      sentCode: `TGkeepsent00${sids.code.slice(12)}`,
      refundDueCode: `TGkeeprefund${sids.code.slice(12)}`,
      pendingVerification: `VEkeeppendin${sids.verification.slice(12)}`,
      moneyDueVerification: `VEkeepmoney0${sids.verification.slice(12)}`,
      runningKey: `${sids.idempotencyKey}-running`,
      pendingDelivery: randomUUID(),
    };
    await this.copyRow(
      'sms.messages',
      'sid',
      sids.sms,
      `sid = $1, status = 'queued', request_key = NULL, created_at = ${OLD}`,
      [keep.queuedSms],
    );
    await this.copyRow(
      'sms.messages',
      'sid',
      sids.sms,
      `sid = $1, status = 'failed', money_due = true, request_key = NULL, created_at = ${OLD}`,
      [keep.moneyDueSms],
    );
    await this.copyRow(
      'messenger.codes',
      'sid',
      sids.code,
      `sid = $1, status = 'sent', request_id = NULL, request_key = NULL, created_at = ${OLD}`,
      [keep.sentCode],
    );
    await this.copyRow(
      'messenger.codes',
      'sid',
      sids.code,
      `sid = $1, status = 'failed', refund = 'due', request_id = NULL, request_key = NULL, created_at = ${OLD}`,
      [keep.refundDueCode],
    );
    await this.copyRow(
      'verify.verifications',
      'sid',
      sids.verification,
      `sid = $1, status = 'pending', settled_at = NULL, finished_at = NULL, approved_at = NULL, request_key = NULL,
       fallback_due_at = NULL, expires_at = now() + interval '1 day', created_at = ${OLD}`,
      [keep.pendingVerification],
    );
    await this.copyRow(
      'verify.verifications',
      'sid',
      sids.verification,
      `sid = $1, status = 'discarded', money_due = true, settled_at = NULL, request_key = NULL, created_at = ${OLD}`,
      [keep.moneyDueVerification],
    );
    await this.copyRow(
      'webhooks.deliveries',
      'id',
      seen.deliveryIds[0]!,
      `id = $1::uuid, event_id = $1, status = 'pending', next_attempt_at = now() + interval '1 day', updated_at = ${OLD}`,
      [keep.pendingDelivery],
    );
    await this.copyRow(
      'gateway.idempotency_records',
      'key',
      sids.idempotencyKey,
      `key = $1, state = 'running', locked_until = now() + interval '1 day', created_at = now() - interval '25 hours'`,
      [keep.runningKey],
    );
    return keep;
  }
}
