import { randomUUID } from 'node:crypto';
import {
  KeptCopies,
  outboxValues,
  poolRunner,
  type LogFilter,
  type SchemaPool,
  type StatementRunner,
} from '@otp/platform';
import { isFinal, transition, wasDelivered, type CodeStatus, type Transition } from '../domain/status.js';
import type { Purpose } from '../domain/send-request.js';
import { statusEvent } from '../events/status-event.js';
import { listCodes } from './code-list.js';
import { fromRecord, type Code, type CodeRecord } from './code-rows.js';
import { CODE_STATEMENTS as SQL } from './code-statements.js';
import type { Db } from './database.js';

export type { Code } from './code-rows.js';

// Everything a code runs on its way (sends, reports, reads, checks) and every sweep the process
// runs on a timer is one named statement on the pool (code-statements.ts, docs/developing.md "Hot
// paths"); only the console's list reads through Prisma.

/** A delivery report claimed together with the change it makes (replays are refused by its key). */
export interface ReportClaim {
  signature: string;
  requestId: string;
  timestamp: number;
}

export interface StatusOutcome {
  code: Code;
  applied: boolean;
  /** The same signed report was applied before. */
  replay: boolean;
}

interface LearnOptions {
  lastError?: string;
  report?: ReportClaim;
}

// A row changes a handful of times at most (status, refund and cost each only move forward), so
// a change that keeps losing its race means something else is wrong: fail instead of spinning.
const MAX_CHANGE_ATTEMPTS = 10;

/**
 * A kept copy of a code is used for its provider reports for this long after it was written: a
 * code lives minutes (its expiry), and retention deletes rows only days after that.
 */
const KEPT_COPY_MAX_AGE_MS = 60 * 60 * 1000;

export class CodeStore {
  private readonly run: StatementRunner;
  /**
   * The copy of each code this process last wrote while it awaits provider reports (sent,
   * delivered or read, by request id): a report decides on it without reading the row, and the
   * change is written only while the row still shows what the decision read (`change`).
   */
  private readonly kept: KeptCopies<Code>;

  /**
   * `pool` is the one Prisma runs on (`openDatabase(url, schema, pool)`); `onEvents` runs after a
   * commit that wrote outbox rows (wakes the relay).
   */
  constructor(
    private readonly db: Db,
    pool: SchemaPool,
    private readonly onEvents: () => void = () => undefined,
    /** How many codes' copies are kept for their reports (MESSENGER_KEPT_COPIES; 0: none). */
    keptCopies = 0,
  ) {
    this.run = poolRunner(pool);
    this.kept = new KeptCopies(keptCopies, KEPT_COPY_MAX_AGE_MS);
  }

  private async one(statement: (typeof SQL)[keyof typeof SQL], values: unknown[]): Promise<Code | undefined> {
    const rows = await this.run.rows<CodeRecord>(statement, values);
    return rows[0] ? fromRecord(rows[0]) : undefined;
  }

  async find(projectId: string, sid: string): Promise<Code | undefined> {
    return this.one(SQL.find, [sid, projectId]);
  }

  /** A page of the console's messenger log, newest first, with each code's check count. */
  async list(filter: LogFilter): Promise<(Code & { checks: number })[]> {
    return listCodes(this.db, filter);
  }

  async findByRequestId(requestId: string): Promise<Code | undefined> {
    return this.one(SQL.findByRequestId, [requestId]);
  }

  /**
   * The code a provider report names, to decide its change on: the copy this process last wrote,
   * else a read. A kept copy is never ahead of the row (statuses only move forward), and the
   * change it decides is written only while the row still shows that copy.
   */
  async forReport(requestId: string): Promise<Code | undefined> {
    return this.kept.of(requestId) ?? (await this.findByRequestId(requestId));
  }

  /** A code as just written: kept for its reports while it can still change, dropped once final. */
  private written(code: Code): void {
    if (code.requestId === null) return;
    if (isFinal(code.status)) this.kept.drop(code.requestId);
    else this.kept.keep(code.requestId, code);
  }

  private async bySid(sid: string): Promise<Code> {
    const code = await this.one(SQL.bySid, [sid]);
    if (!code) throw new Error(`messenger code ${sid} is not stored`);
    return code;
  }

  /** The code the project's request key created, if any. */
  async byRequestKey(projectId: string, requestKey: string): Promise<Code | undefined> {
    return this.one(SQL.byRequestKey, [projectId, requestKey]);
  }

  /**
   * The row exists before any money moves, so a crash leaves a trace to reconcile. Answers the
   * stored code, which the send carries through its later steps; undefined when a code with this
   * request key exists already (a repeat of the request got there first).
   */
  async createSending(code: {
    sid: string;
    projectId: string;
    requestKey: string | null;
    /** The fingerprint of the request that uses the key; absent or null when the caller gave none. */
    requestHash?: string | null;
    to: string;
    purpose: Purpose;
    ownCode: boolean;
    expiresAt: Date;
    metadata: Record<string, unknown>;
    callbackUrl: string | null;
    now: Date;
  }): Promise<Code | undefined> {
    return this.one(SQL.createSending, [
      code.sid,
      code.projectId,
      code.requestKey,
      code.to,
      code.purpose,
      code.ownCode,
      code.expiresAt,
      JSON.stringify(code.metadata),
      code.callbackUrl,
      code.now,
      code.requestHash ?? null,
    ]);
  }

  /**
   * Sends a crash left half-way (`sending`, untouched since `cutoff`). A charge that was never
   * recorded may still have happened once the hold was recorded: such rows get the fee recorded,
   * so failing them decides its give-back (the hold released, or the charge refunded). A row
   * whose hold was never recorded is given back by replaying the hold's key.
   */
  async stuckSending(cutoff: Date, feeCents: number, limit: number): Promise<Code[]> {
    const rows = await this.run.rows<CodeRecord>(SQL.stuckSending, [cutoff, feeCents, limit]);
    return rows.map(fromRecord);
  }

  /** Nothing was held or charged (Billing refused, or the hold went back): the send never happened. */
  async discardUncharged(sid: string): Promise<void> {
    await this.run.rows(SQL.discardUncharged, [sid]);
  }

  /**
   * The charge went through: its amount, and the hold and provider request it came from. (A crash
   * before this statement leaves the hold unrecorded: the give-back finds it by replaying its key.)
   * Written only while the code is still `sending` with nothing due back: undefined when the
   * recovery pass failed it meanwhile (a send that stalled longer than RECOVERY_AFTER_MS), which
   * must then not be sent. It restarts the code's wait for the recovery pass.
   */
  async markCharged(
    code: Code,
    costCents: number,
    taken: { holdId: string; requestId: string },
    now: Date,
  ): Promise<Code | undefined> {
    return this.one(SQL.markCharged, [costCents, taken.holdId, taken.requestId, code.sid, now]);
  }

  /**
   * The provider did not answer the send: the code stays `sending` (its fee taken), marked as of
   * unknown outcome, and waits RECOVERY_AFTER_MS again before the recovery pass asks the provider.
   */
  async markSendUnknown(sid: string, now: Date): Promise<Code | undefined> {
    return this.one(SQL.markSendUnknown, [sid, now]);
  }

  /**
   * The send ended in an error answer: `discarded` (never shown: the caller got an error instead
   * of a sid, so no event, no webhook and no read names it), whatever it took (its hold, or the fee
   * if the capture may have happened: `costCents`) due back, and its request key let go, so a retry
   * of that request sends afresh. Answers the row, for the give-back; undefined when the send was
   * no longer `sending` (the recovery pass took it).
   */
  async discardSend(
    sid: string,
    reason: string,
    now: Date,
    taken: { holdId?: string | null; costCents?: number } = {},
  ): Promise<Code | undefined> {
    return this.one(SQL.discardSend, [reason, taken.holdId ?? null, taken.costCents ?? 0, now, sid]);
  }

  /**
   * The provider refused the number at the send-ability check, for a send Verify made: the code
   * stays as a `failed` record of that send, never charged (its hold released, or due back when
   * Billing did not confirm the release), and keeps its request key, so a repeat of Verify's send
   * answers the same record. No event: Verify learns it from the answer.
   */
  async refuse(
    code: Code,
    reason: string,
    now: Date,
    hold: { holdId: string | null; released: boolean },
  ): Promise<Code> {
    const refused = await this.one(SQL.refuse, [reason, hold.holdId, hold.released ? 'none' : 'due', now, code.sid]);
    return refused ?? this.bySid(code.sid);
  }

  /** The provider accepted the message: `sent` (unless a report already moved it further). */
  async markSent(code: Code, now: Date): Promise<Code> {
    return this.learn(code, 'sent', now);
  }

  /**
   * Applies a learned status to the code last seen as `seen`: the status machine decides on that
   * view, and the change, its refund decision and its event are written by one statement only if
   * the row still is what was decided on. A caller that lost a race (two GETs at expiry, a report
   * racing a check) reads the row again and decides anew, so only one of them can decide a refund.
   */
  async learn(seen: Code, learned: CodeStatus, now: Date, options: LearnOptions = {}): Promise<Code> {
    return (await this.learnWithOutcome(seen, learned, now, options)).code;
  }

  async learnWithOutcome(
    seen: Code,
    learned: CodeStatus,
    now: Date,
    options: LearnOptions = {},
  ): Promise<StatusOutcome> {
    const { report } = options;
    let current = seen;
    for (let attempt = 1; ; attempt++) {
      const change = transition(current.status, learned);
      if (!change) {
        // Statuses only move forward, so a view that allows no change still allows none once the
        // row has moved on: no need to read it again to be sure.
        const replay = report ? !(await this.rememberReport(report)) : false;
        return { code: current, applied: false, replay };
      }
      const written = await this.change(current, change, now, options);
      if (written.code) {
        this.onEvents();
        this.written(written.code);
        return { code: written.code, applied: true, replay: false };
      }
      if (written.replay) return { code: current, applied: false, replay: true };
      // The row moved past what was decided on (a copy kept here, or a read, is stale).
      if (current.requestId !== null && this.kept.isKept(current.requestId, current)) this.kept.drop(current.requestId);
      if (attempt >= MAX_CHANGE_ATTEMPTS)
        throw new Error(`messenger code ${seen.sid} kept changing under a status update`);
      current = await this.bySid(seen.sid);
    }
  }

  /**
   * One statement: the change (only if every column the decision read or the event shows is still
   * as in `current`), the report's claim and the `messenger.<status>` event. Nothing is written
   * when the row moved on or the report was seen before.
   */
  private async change(
    current: Code,
    change: Transition,
    now: Date,
    options: LearnOptions,
  ): Promise<{ code?: Code; replay: boolean }> {
    // A send still `sending` without a recorded hold may hold the fee under its key: give it back too.
    const mayHold = current.status === 'sending' && current.holdId === null;
    const refundDue = change.refund && (current.costCents > 0 || mayHold) && current.refund === 'none';
    const next: Code = {
      ...current,
      status: change.to,
      refund: refundDue ? 'due' : current.refund,
      lastError:
        change.to === 'failed' ? (options.lastError ?? 'the messenger could not deliver the code') : current.lastError,
      deliveredAt: wasDelivered(change.to) && !current.deliveredAt ? now : current.deliveredAt,
    };
    const event = statusEvent(next, next.callbackUrl, now);
    const report = options.report;
    const rows = await this.run.rows<CodeRecord & { replay: boolean }>(SQL.change, [
      report?.signature ?? null,
      next.status,
      next.refund,
      next.lastError,
      next.deliveredAt,
      change.to === 'read' ? now : null,
      now,
      current.sid,
      current.status,
      current.refund,
      current.costCents,
      current.lastError,
      current.deliveredAt,
      report?.requestId ?? null,
      report?.timestamp ?? null,
      ...outboxValues(event, now),
    ]);
    const row = rows[0]!;
    return row.sid === null ? { replay: row.replay } : { code: fromRecord(row), replay: false };
  }

  async markRefunded(sid: string, now: Date): Promise<void> {
    await this.run.rows(SQL.markRefunded, [now, sid]);
  }

  async refundsDue(limit: number): Promise<Code[]> {
    const rows = await this.run.rows<CodeRecord>(SQL.refundsDue, [limit]);
    return rows.map(fromRecord);
  }

  /** Undelivered codes with a callback whose expiry (plus grace) has passed: the timer checks them. */
  async undeliveredWithCallback(cutoff: Date, limit: number): Promise<Code[]> {
    const rows = await this.run.rows<CodeRecord>(SQL.undeliveredWithCallback, [cutoff, limit]);
    return rows.map(fromRecord);
  }

  /** Records one code check and its answer (never the code entered). */
  async recordCheck(sid: string, verificationStatus: string, now: Date): Promise<void> {
    await this.run.rows(SQL.recordCheck, [verificationStatus, now, sid, randomUUID()]);
  }

  /** A report whose code is unknown or unchanged is still remembered, so its replay is spotted. */
  async rememberReport(report: ReportClaim): Promise<boolean> {
    const inserted = await this.run.rows(SQL.rememberReport, [report.signature, report.requestId, report.timestamp]);
    return inserted.length > 0;
  }

  /** Reports older than the replay window are refused by their timestamp; their rows can go. */
  async forgetReportsBefore(cutoff: Date): Promise<void> {
    await this.run.rows(SQL.forgetReportsBefore, [cutoff]);
  }
}
