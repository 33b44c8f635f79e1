import { poolRunner, type NamedStatement, type SchemaPool, type StatementRunner } from '@otp/platform';
import type { AttemptChannel } from '../domain/attempt-status.js';
import type { FallbackReason } from '../domain/verification.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { KeptVerifications } from './kept-verifications.js';
import { INTENT_STATEMENTS } from './start-intent-statements.js';
import { dateOrNull, type AttemptRecord, type VerificationRecord } from './verification-rows.js';

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
  /** The fingerprint of the request that used the key; null when the caller gave none. */
  requestHash: string | null;
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
  request_hash: string | null;
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

function fromIntentRow(row: IntentRow): StartIntent {
  return {
    sid: row.sid,
    projectId: row.project_id,
    requestKey: row.request_key,
    requestHash: row.request_hash,
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

export class StartIntentStore {
  private readonly run: StatementRunner;

  /**
   * `pool` is the one Prisma runs on (`openDatabase(url, schema, pool)`); `kept` holds the copies
   * VerificationStore decides checks on, and a start that turns pending leaves its own there.
   */
  constructor(
    pool: SchemaPool,
    private readonly kept: KeptVerifications,
  ) {
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
      v.requestHash,
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
    const record: VerificationRecord = {
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
    this.kept.written(record);
    return record;
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
