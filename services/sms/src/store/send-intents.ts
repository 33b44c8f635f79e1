import type { Message, Prisma } from '../generated/prisma/client.js';
import type { SmsEncoding } from '../domain/segments.js';
import type { SmsPurpose } from '../domain/delivery.js';
import { poolRunner, type SchemaPool, type StatementRunner } from '@otp/platform';
import { fromRecord, type MessageRecord } from './message-rows.js';
import { SMS_PASS_STATEMENTS, SMS_STATEMENTS } from './message-statements.js';

// Send intents. Sms.Send writes its message row `accepted` BEFORE the hold, with the caller's
// request key, so that whatever a crash interrupts can be found and finished or undone: a repeated
// Send with the key finishes it (the hold replays by its key), and the recovery pass discards an
// intent nobody finished and gives its hold back. `money_due` marks a row whose release or refund
// Billing has not confirmed yet; the pass retries it until it does.

export interface NewIntent {
  sid: string;
  projectId: string;
  requestKey: string | null;
  /** The fingerprint of the request that uses the key; null when the caller gave none. */
  requestHash: string | null;
  purpose: SmsPurpose;
  to: string;
  from: string;
  body: string;
  /** Purpose verify: the text sent (with its code), sealed, base64; null otherwise. */
  bodySealed: string | null;
  segments: number;
  encoding: SmsEncoding;
  priceCents: number;
  costCents: number;
  metadata: Prisma.JsonObject;
  callbackUrl: string | undefined;
  createdAt: Date;
}

export class SendIntents {
  private readonly statements: StatementRunner;

  constructor(pool: SchemaPool) {
    this.statements = poolRunner(pool);
  }

  /**
   * Writes the intent; null when a live message already has this request key (read it with
   * `byRequestKey`: the caller's first request got there first).
   */
  async insert(intent: NewIntent): Promise<Message | null> {
    const i = intent;
    const [row] = await this.statements.rows<MessageRecord>(SMS_STATEMENTS.insertIntent, [
      i.sid,
      i.projectId,
      i.requestKey,
      i.purpose,
      i.to,
      i.from,
      i.body,
      i.bodySealed,
      i.segments,
      i.encoding,
      i.priceCents,
      i.costCents,
      JSON.stringify(i.metadata),
      i.callbackUrl ?? null,
      i.createdAt,
      i.requestHash,
    ]);
    return row ? fromRecord(row) : null;
  }

  /** The live message (intent included) the project's request key created, if any. */
  async byRequestKey(projectId: string, requestKey: string): Promise<Message | null> {
    const [row] = await this.statements.rows<MessageRecord>(SMS_STATEMENTS.byRequestKey, [projectId, requestKey]);
    return row ? fromRecord(row) : null;
  }

  /** accepted -> queued with its hold; null when the intent was discarded (or queued) meanwhile. */
  async markQueued(sid: string, holdId: string, now: Date): Promise<Message | null> {
    const [row] = await this.statements.rows<MessageRecord>(SMS_STATEMENTS.markQueued, [sid, holdId, now]);
    return row ? fromRecord(row) : null;
  }

  /** accepted -> discarded: Billing refused the hold, so nothing is owed back. */
  async discardRefused(sid: string, now: Date): Promise<void> {
    await this.statements.rows(SMS_STATEMENTS.discardRefused, [sid, now]);
  }

  /**
   * Intents nobody finished within `cutoff` become discarded, their hold (if one was taken) due
   * back. SKIP LOCKED: two replicas never take the same rows.
   */
  async discardAbandoned(cutoff: Date, now: Date, limit: number): Promise<Message[]> {
    const rows = await this.statements.rows<MessageRecord>(SMS_PASS_STATEMENTS.discardAbandoned, [cutoff, now, limit]);
    return rows.map(fromRecord);
  }

  /** Rows whose release or refund Billing has not confirmed, last touched before `cutoff`. */
  async moneyDue(cutoff: Date, limit: number): Promise<Message[]> {
    const rows = await this.statements.rows<MessageRecord>(SMS_PASS_STATEMENTS.moneyDue, [cutoff, limit]);
    return rows.map(fromRecord);
  }

  /**
   * Queued rows untouched since `cutoff` (a crash between saving and publishing leaves one never
   * published), touched now so each is published again at most once per recovery period.
   */
  async takeStaleQueued(cutoff: Date, now: Date, limit: number): Promise<string[]> {
    const rows = await this.statements.rows<{ sid: string }>(SMS_PASS_STATEMENTS.takeStaleQueued, [cutoff, now, limit]);
    return rows.map((row) => row.sid);
  }
}
