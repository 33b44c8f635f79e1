import { poolRunner, type NamedStatement, type SchemaPool, type StatementRunner } from '@otp/platform';
import type { AttemptChannel } from '../domain/attempt-status.js';
import type { FallbackReason } from '../domain/verification.js';
import type { Prisma } from '../generated/prisma/client.js';
import { dateOrNull, insertAttempts, type AttemptRecord, type VerificationRecord } from './verification-rows.js';

// Start intents. A start writes its verification row `starting` before any money moves, with all
// it needs to be finished by someone else (the code sealed, the settings snapshot, the amounts):
// after a crash the recovery pass, or a repeated Start with the same request key, finishes it
// by replaying every step with the same keys. One statement turns it `pending` once its first
// send is known; a start that fails for good turns it `discarded`, recording whether money is
// still to be given back. Neither state is ever shown: reads see only verifications.
//
// `recovery_due_at` is a lease: whoever starts or claims a row owns it until then, so two verify
// replicas (or a start and the pass) never work on one row at once.

export interface StartIntent {
  sid: string;
  projectId: string;
  requestKey: string | null;
  /** `starting` or `discarded` for intents; a verification status once it turned pending. */
  status: string;
  to: string;
  channel: AttemptChannel;
  checksLeft: number;
  feeCents: number;
  /** The start's hold: the fee plus the first send. */
  holdCents: number;
  holdId: string | null;
  moneyDue: boolean;
  metadata: Record<string, unknown>;
  callbackUrl: string | null;
  createdAt: Date;
  expiresAt: Date;
  codeMac: Uint8Array;
  codeSealed: Uint8Array | null;
  switchOnFailure: boolean;
  fallbackDueAt: Date | null;
  smsFrom: string | null;
  smsText: string;
}

interface IntentRow {
  sid: string;
  project_id: string;
  request_key: string | null;
  status: string;
  to_number: string;
  channel: string;
  checks_left: number;
  fee_cents: number;
  hold_cents: number;
  hold_id: string | null;
  money_due: boolean;
  metadata: Prisma.JsonValue;
  callback_url: string | null;
  created_at: Date;
  expires_at: Date;
  code_mac: string;
  code_sealed: string | null;
  switch_on_failure: boolean;
  fallback_due_at: Date | null;
  sms_from: string | null;
  sms_text: string;
}

// Bytes go out as base64 text, as in every read of a verification (verification-rows.ts).
const INTENT_COLUMNS = `
  sid, project_id, request_key, status, to_number, channel, checks_left, fee_cents, hold_cents, hold_id,
  money_due, metadata, callback_url, created_at, expires_at, encode(code_mac, 'base64') AS code_mac,
  encode(code_sealed, 'base64') AS code_sealed, switch_on_failure, fallback_due_at, sms_from, sms_text`;

function fromIntentRow(row: IntentRow): StartIntent {
  return {
    sid: row.sid,
    projectId: row.project_id,
    requestKey: row.request_key,
    status: row.status,
    to: row.to_number,
    channel: row.channel as AttemptChannel,
    checksLeft: row.checks_left,
    feeCents: row.fee_cents,
    holdCents: row.hold_cents,
    holdId: row.hold_id,
    moneyDue: row.money_due,
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
    callbackUrl: row.callback_url,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    codeMac: Buffer.from(row.code_mac, 'base64'),
    codeSealed: row.code_sealed === null ? null : Buffer.from(row.code_sealed, 'base64'),
    switchOnFailure: row.switch_on_failure,
    fallbackDueAt: dateOrNull(row.fallback_due_at),
    smsFrom: row.sms_from,
    smsText: row.sms_text,
  };
}

/** What the start learned by sending: the row turns pending with it. */
export interface StartOutcome {
  channel: AttemptChannel;
  fallbackReason: FallbackReason | null;
  costCents: number;
  createdAt: Date;
  expiresAt: Date;
  fallbackDueAt: Date | null;
  keepsCode: boolean;
  attempts: AttemptRecord[];
}

export type NewStartIntent = Omit<StartIntent, 'status' | 'holdId' | 'moneyDue'>;

// Every statement of an intent is a named statement on the pool (docs/DEVELOPING.md, "Hot
// paths"): a start's own writes on every request, and the recovery pass's claims and give-backs,
// which run by themselves, so an idle process never loads Prisma's query compiler.
const statement = (name: string, text: string): NamedStatement => ({ name: `verify_${name}`, text });

const INTENT_STATEMENTS = {
  create: statement(
    'create_intent',
    `INSERT INTO verifications (sid, project_id, request_key, status, to_number, channel, checks_left, fee_cents,
                                hold_cents, cost_cents, metadata, callback_url, created_at, expires_at, code_mac,
                                code_sealed, switch_on_failure, fallback_due_at, sms_from, sms_text, recovery_due_at)
     VALUES ($1::text, $2::text, $3::text, 'starting', $4::text, $5::text, $6::int, $7::int, $8::int, 0, $9::jsonb,
             $10::text, $11::timestamptz, $12::timestamptz, $13::bytea, $14::bytea, $15::boolean,
             $16::timestamptz, $17::text, $18::text, $19::timestamptz)
     ON CONFLICT (project_id, request_key) WHERE status <> 'discarded' DO NOTHING
     RETURNING sid`,
  ),
  findLive: statement(
    'find_live_intent',
    `SELECT ${INTENT_COLUMNS} FROM verifications
      WHERE project_id = $1::text AND request_key = $2::text AND status <> 'discarded'`,
  ),
  /** Parameters: sid, now, the lease's end. */
  claim: statement(
    'claim_intent',
    `UPDATE verifications SET recovery_due_at = $3::timestamptz
      WHERE sid = $1::text AND status = 'starting' AND recovery_due_at <= $2::timestamptz
     RETURNING ${INTENT_COLUMNS}`,
  ),
  /** Parameters: now, the starting rows' lease end, the discarded rows' next try, limit. */
  claimDue: statement(
    'claim_due_intents',
    `UPDATE verifications
        SET recovery_due_at = CASE WHEN status = 'starting' THEN $2::timestamptz ELSE $3::timestamptz END
      WHERE recovery_due_at <= $1::timestamptz
        AND sid IN (SELECT sid FROM verifications WHERE recovery_due_at <= $1::timestamptz
                     ORDER BY recovery_due_at LIMIT $4::int FOR UPDATE SKIP LOCKED)
     RETURNING ${INTENT_COLUMNS}`,
  ),
  handBack: statement(
    'hand_back_intent',
    `UPDATE verifications SET recovery_due_at = $2::timestamptz WHERE sid = $1::text AND status = 'starting'`,
  ),
  markPending: statement(
    'mark_pending',
    `WITH verification AS (
       UPDATE verifications
          SET status = 'pending', channel = $2::text, fallback_reason = $3::text, cost_cents = $4::int,
              created_at = $5::timestamptz, expires_at = $6::timestamptz, fallback_due_at = $7::timestamptz,
              recovery_due_at = NULL, code_sealed = CASE WHEN $8::boolean THEN code_sealed ELSE NULL END
        WHERE sid = $1::text AND status = 'starting'
       RETURNING metadata, xmin::text AS version),
     first_sends AS (${insertAttempts(9)})
     SELECT metadata, version FROM verification`,
  ),
  /** Parameters: sid, money due, the hold (null: as recorded), the first try to give it back. */
  discard: statement(
    'discard_intent',
    `UPDATE verifications
        SET status = 'discarded', money_due = $2::boolean, hold_id = COALESCE($3::text, hold_id),
            code_sealed = NULL, recovery_due_at = CASE WHEN $2::boolean THEN $4::timestamptz END
      WHERE sid = $1::text AND status = 'starting'
     RETURNING sid`,
  ),
  moneyReturned: statement(
    'intent_money_returned',
    `UPDATE verifications SET money_due = false, recovery_due_at = NULL WHERE sid = $1::text AND status = 'discarded'`,
  ),
} satisfies Record<string, NamedStatement>;

export class StartIntentStore {
  private readonly run: StatementRunner;

  /** `pool` is the one Prisma runs on (`openDatabase(url, schema, pool)`). */
  constructor(pool: SchemaPool) {
    this.run = poolRunner(pool);
  }

  private async intents(query: NamedStatement, values: unknown[]): Promise<StartIntent[]> {
    const rows = await this.run.rows<IntentRow>(query, values);
    return rows.map(fromIntentRow);
  }

  /**
   * Writes the intent, owned by its writer until `leaseUntil`. False when a live row already has
   * this request key in the project (the start is a repeat).
   */
  async create(intent: NewStartIntent, leaseUntil: Date): Promise<boolean> {
    const v = intent;
    const rows = await this.run.rows<{ sid: string }>(INTENT_STATEMENTS.create, [
      v.sid,
      v.projectId,
      v.requestKey,
      v.to,
      v.channel,
      v.checksLeft,
      v.feeCents,
      v.holdCents,
      JSON.stringify(v.metadata),
      v.callbackUrl,
      v.createdAt,
      v.expiresAt,
      Buffer.from(v.codeMac),
      v.codeSealed && Buffer.from(v.codeSealed),
      v.switchOnFailure,
      v.fallbackDueAt,
      v.smsFrom,
      v.smsText,
      leaseUntil,
    ]);
    return rows.length > 0;
  }

  /** The live row (intent or verification) a request key of the project names. */
  async findLive(projectId: string, requestKey: string): Promise<StartIntent | undefined> {
    const [intent] = await this.intents(INTENT_STATEMENTS.findLive, [projectId, requestKey]);
    return intent;
  }

  /** Takes over a starting row whose lease ran out (its start gave up or crashed), until `leaseUntil`. */
  async claim(sid: string, now: Date, leaseUntil: Date): Promise<StartIntent | undefined> {
    const [intent] = await this.intents(INTENT_STATEMENTS.claim, [sid, now, leaseUntil]);
    return intent;
  }

  /**
   * The recovery pass's share of work: starting rows whose lease ran out (leased until
   * `startingUntil`) and discarded rows with money due (next try at `retryAt`). Rows another
   * replica is claiming at this moment are skipped, so each is taken once.
   */
  async claimDue(now: Date, startingUntil: Date, retryAt: Date, limit: number): Promise<StartIntent[]> {
    return this.intents(INTENT_STATEMENTS.claimDue, [now, startingUntil, retryAt, limit]);
  }

  /** Gives a claimed starting row back to the recovery pass at once (its owner could not finish it). */
  async handBack(sid: string, now: Date): Promise<void> {
    await this.run.rows(INTENT_STATEMENTS.handBack, [sid, now]);
  }

  /**
   * Turns the intent into a pending verification with its first sends, in one statement.
   * Undefined when the row is no longer starting (someone else finished or discarded it).
   */
  async markPending(intent: StartIntent, outcome: StartOutcome): Promise<VerificationRecord | undefined> {
    const o = outcome;
    const rows = await this.run.rows<{ metadata: Prisma.JsonValue; version: string }>(INTENT_STATEMENTS.markPending, [
      intent.sid,
      o.channel,
      o.fallbackReason,
      o.costCents,
      o.createdAt,
      o.expiresAt,
      o.fallbackDueAt,
      o.keepsCode,
      o.attempts.map((a) => a.sid),
      o.attempts.map((a) => a.channel),
      o.attempts.map((a) => a.status),
      o.attempts.map((a) => a.costCents),
      o.attempts.map((a) => a.createdAt.toISOString()),
    ]);
    const row = rows[0];
    if (!row) return undefined;
    return {
      sid: intent.sid,
      projectId: intent.projectId,
      status: 'pending',
      to: intent.to,
      channel: o.channel,
      fallbackReason: o.fallbackReason,
      checksLeft: intent.checksLeft,
      feeCents: intent.feeCents,
      feeRefunded: false,
      delivered: false,
      costCents: o.costCents,
      // As stored (jsonb's key order), like every later read.
      metadata: (row.metadata ?? {}) as Record<string, unknown>,
      callbackUrl: intent.callbackUrl,
      lastError: null,
      createdAt: o.createdAt,
      expiresAt: o.expiresAt,
      approvedAt: null,
      finishedAt: null,
      settledAt: null,
      codeMac: intent.codeMac,
      codeSealed: o.keepsCode ? intent.codeSealed : null,
      switchOnFailure: intent.switchOnFailure,
      fallbackDueAt: o.fallbackDueAt,
      smsFrom: intent.smsFrom,
      smsText: intent.smsText,
      attempts: [...o.attempts],
      version: row.version,
    };
  }

  /**
   * A start that failed for good: the row is discarded (its request key free again). With money
   * due, the recovery pass gives back the hold and the fee from `retryAt` until Billing confirms.
   * False when the row was no longer starting.
   */
  async discard(sid: string, money: { due: boolean; holdId: string | null; retryAt: Date }): Promise<boolean> {
    const rows = await this.run.rows(INTENT_STATEMENTS.discard, [sid, money.due, money.holdId, money.retryAt]);
    return rows.length > 0;
  }

  /** Billing confirmed the discarded start's money is back. */
  async moneyReturned(sid: string): Promise<void> {
    await this.run.rows(INTENT_STATEMENTS.moneyReturned, [sid]);
  }
}
