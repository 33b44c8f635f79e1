import { inPoolTransaction, outboxRow, poolRunner, type SchemaPool, type StatementRunner } from '@otp/platform';
import type { Prisma } from '../generated/prisma/client.js';
import {
  BOUND_LOCK_WAIT,
  INSERT_VERIFICATION,
  LOCK_VERIFICATION,
  READ_UNSETTLED,
  WRITE_VERIFICATION,
} from './verification-statements.js';
import type { KeptVerifications } from './kept-verifications.js';
import {
  readDue,
  readVerification,
  readVerificationOfAttempt,
  type AttemptRecord,
  type NewVerification,
  type VerificationChanges,
  type VerificationRecord,
} from './verification-rows.js';

export {
  stateOf,
  type AttemptRecord,
  type NewVerification,
  type VerificationChanges,
  type VerificationRecord,
} from './verification-rows.js';

// Verifications and their attempts. Every change to a verification happens inside `locked`, and
// decides on the current state: concurrent checks, reads, timers and status events on one
// verification take effect one after another, never on a stale copy.
//
// These run for every verification and every code, so they are named statements on the pool (a
// model query costs about a millisecond of CPU in Prisma's query compiler, and the timer, the
// recovery pass and the status consumer run them by themselves: an idle process never loads it).
// A change is first decided on the row as read and written by one statement that applies only if
// the row is still at the version read (Postgres' xmin, which every write of the row replaces);
// work that must call a peer, or whose row changed in between, runs again with the row locked
// (SELECT ... FOR UPDATE in a transaction on the pool).

interface PendingEvent {
  id: string;
  subject: string;
  type: string;
  payload: unknown;
  headers: Record<string, string>;
  createdAt: Date;
}

/** Thrown by `needsLock` when the work runs on an unlocked read: `locked` reruns it locked. */
class LockNeeded extends Error {}

/**
 * Writes available while a verification is held. They take effect in memory at once and reach
 * the database together when the work is done (one statement): all of them or, when the work
 * throws, none.
 */
export class LockedVerification {
  private changed = false;
  private readonly changedAttempts = new Set<string>();
  private readonly newAttempts: AttemptRecord[] = [];
  private readonly events: PendingEvent[] = [];

  constructor(
    public record: VerificationRecord,
    private readonly rowLocked: boolean,
  ) {}

  /**
   * Call before a peer call (an SMS send, a settle, a refund): a peer call must not be repeated,
   * so it only happens with the row locked. Unlocked, this stops the work, which then runs
   * again from the start with the row locked.
   */
  needsLock(): void {
    if (!this.rowLocked) throw new LockNeeded();
  }

  /** True once the work changed something (what `write` then writes). */
  get changes(): boolean {
    return this.changed;
  }

  update(changes: VerificationChanges): void {
    this.record = { ...this.record, ...changes };
    this.changed = true;
  }

  addAttempt(attempt: AttemptRecord): void {
    this.record = { ...this.record, attempts: [...this.record.attempts, attempt] };
    this.newAttempts.push(attempt);
    this.changed = true;
  }

  updateAttempt(sid: string, changes: { status?: string; costCents?: number }): void {
    this.record = {
      ...this.record,
      attempts: this.record.attempts.map((a) => (a.sid === sid ? { ...a, ...changes } : a)),
    };
    if (!this.newAttempts.some((a) => a.sid === sid)) this.changedAttempts.add(sid);
    this.changed = true;
  }

  /** Writes the event with the change it reports (outbox). */
  addEvent(subject: string, type: string, data: unknown, headers: Record<string, string>, now: Date): void {
    const row = outboxRow(subject, type, this.record.projectId, data, now);
    this.events.push({ ...row, headers: { ...row.headers, ...headers }, createdAt: now });
    this.changed = true;
  }

  /**
   * Writes every change in one statement, on condition that the row is still at the version the
   * work decided on. False (nothing written) when it is not.
   */
  async write(runner: StatementRunner): Promise<boolean> {
    if (!this.changed) return true;
    const r = this.record;
    const newAttempts = this.newAttempts.map((a) => r.attempts.find((b) => b.sid === a.sid) ?? a);
    const changedAttempts = r.attempts.filter((a) => this.changedAttempts.has(a.sid));
    const rows = await runner.rows<{ version: string }>(WRITE_VERIFICATION, [
      r.sid,
      r.status,
      r.channel,
      r.fallbackReason,
      r.checksLeft,
      r.feeRefunded,
      r.delivered,
      r.costCents,
      r.lastError,
      r.approvedAt,
      r.finishedAt,
      r.settledAt,
      r.fallbackDueAt,
      r.codeSealed === null,
      r.version,
      changedAttempts.map((a) => a.sid),
      changedAttempts.map((a) => a.status),
      changedAttempts.map((a) => a.costCents),
      newAttempts.map((a) => a.sid),
      newAttempts.map((a) => a.channel),
      newAttempts.map((a) => a.status),
      newAttempts.map((a) => a.costCents),
      newAttempts.map((a) => a.createdAt.toISOString()),
      this.events.map((e) => e.id),
      this.events.map((e) => e.subject),
      this.events.map((e) => e.type),
      this.events.map((e) => JSON.stringify(e.payload)),
      this.events.map((e) => JSON.stringify(e.headers)),
      this.events.map((e) => e.createdAt.toISOString()),
    ]);
    if (!rows[0]) return false;
    this.record = { ...this.record, version: rows[0].version };
    return true;
  }
}

export class VerificationStore {
  /** The statements of every verification, prepared on node-postgres (docs/developing.md). */
  private readonly statements: StatementRunner;

  /**
   * `pool` is the one Prisma runs on (`openDatabase(url, schema, pool)`); `kept` holds the copy of
   * each pending verification as this process last wrote it (the start's intents write there too).
   */
  constructor(
    private readonly pool: SchemaPool,
    private readonly kept: KeptVerifications,
  ) {
    this.statements = poolRunner(pool);
  }

  async find(sid: string): Promise<VerificationRecord | undefined> {
    return readVerification(this.statements, sid);
  }

  /**
   * A copy of the verification to decide a change on: the one this process last wrote while it
   * was pending, else a read of the row. `locked` writes a change decided on a kept copy only
   * while the row is still at its version, and reads the row again when it is not.
   */
  async forChange(sid: string): Promise<VerificationRecord | undefined> {
    return this.kept.of(sid) ?? (await this.find(sid));
  }

  /** The verification an attempt (TG.../SM...) belongs to, in the same read. */
  findByAttempt(attemptSid: string): Promise<VerificationRecord | undefined> {
    return readVerificationOfAttempt(this.statements, attemptSid);
  }

  /**
   * The verification an attempt belongs to, to decide a change on (a report of its status): the
   * copy of `verificationSid` this process last wrote when it shows that attempt, else the read by
   * attempt. As with `forChange`, `locked` proves the copy current by its write.
   */
  async forAttemptChange(attemptSid: string, verificationSid?: string): Promise<VerificationRecord | undefined> {
    const copy = verificationSid === undefined ? undefined : this.kept.of(verificationSid);
    if (copy?.attempts.some((attempt) => attempt.sid === attemptSid)) return copy;
    return this.findByAttempt(attemptSid);
  }

  /** The verification and its first sends, in one statement. */
  async insert(verification: NewVerification, attempts: AttemptRecord[]): Promise<VerificationRecord> {
    const v = verification;
    const rows = await this.statements.rows<{ metadata: Prisma.JsonValue; version: string }>(INSERT_VERIFICATION, [
      v.sid,
      v.projectId,
      v.status,
      v.to,
      v.channel,
      v.fallbackReason,
      v.checksLeft,
      v.feeCents,
      v.feeRefunded,
      v.delivered,
      v.costCents,
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
      attempts.map((a) => a.sid),
      attempts.map((a) => a.channel),
      attempts.map((a) => a.status),
      attempts.map((a) => a.costCents),
      attempts.map((a) => a.createdAt.toISOString()),
    ]);
    const row = rows[0]!;
    const record: VerificationRecord = {
      ...v,
      // As stored (jsonb's key order), like every later read.
      metadata: (row.metadata ?? {}) as Record<string, unknown>,
      lastError: null,
      approvedAt: null,
      finishedAt: null,
      settledAt: null,
      attempts: [...attempts],
      version: row.version,
    };
    this.kept.written(record);
    return record;
  }

  /**
   * Runs `work` on the verification as it is now and writes what it changed (undefined when there
   * is no such row). `verification` is its sid, or a copy the caller just read or wrote: the first
   * try decides on that copy without reading again. `timeoutMs` bounds the locked run: work may
   * call a peer (the fallback send).
   */
  async locked<T>(
    verification: string | VerificationRecord,
    timeoutMs: number,
    work: (held: LockedVerification) => Promise<T>,
  ): Promise<{ result: T; record: VerificationRecord } | undefined> {
    const sid = typeof verification === 'string' ? verification : verification.sid;
    const current = typeof verification === 'string' ? await readVerification(this.statements, sid) : verification;
    if (!current) return undefined;
    const done = await this.unlockedRun(current, work);
    if (done) return done;
    if (this.kept.isKept(current)) {
      // The kept copy is behind the row (another replica changed it), or the work changed nothing
      // on it, which only a current copy can show: the row as it is now, and one more try on it
      // before holding the row, as for any fresh read.
      this.kept.drop(sid);
      const fresh = await readVerification(this.statements, sid);
      if (!fresh) return undefined;
      const again = await this.unlockedRun(fresh, work);
      if (again) return again;
    }
    return this.lockedRun(sid, timeoutMs, work);
  }

  /**
   * The work on `current` without holding the row, written only while the row is still at that
   * version. Undefined when it was not (or the work needs the row held): the caller tries again.
   * On a kept copy, a work that changed nothing counts only once a read confirms it.
   */
  private async unlockedRun<T>(
    current: VerificationRecord,
    work: (held: LockedVerification) => Promise<T>,
  ): Promise<{ result: T; record: VerificationRecord } | undefined> {
    const held = new LockedVerification(current, false);
    try {
      const result = await work(held);
      if (!held.changes && this.kept.isKept(current)) return undefined;
      if (await held.write(this.statements)) {
        this.kept.written(held.record);
        return { result, record: held.record };
      }
    } catch (error) {
      if (!(error instanceof LockNeeded)) throw error;
    }
    return undefined;
  }

  /**
   * The locked run: the row held (FOR UPDATE) in a transaction on the pool, which ends within
   * `timeoutMs`. Work still running then is abandoned: the transaction rolls back at once (the
   * row and the connection are free again) and nothing it decides is written; the caller learns
   * it once that work has ended, so no peer call outlives the caller.
   */
  private async lockedRun<T>(
    sid: string,
    timeoutMs: number,
    work: (held: LockedVerification) => Promise<T>,
  ): Promise<{ result: T; record: VerificationRecord } | undefined> {
    const deadline = Date.now() + timeoutMs;
    let running: Promise<T> | undefined;
    try {
      const outcome = await inPoolTransaction(this.pool, async (runner) => {
        await runner.rows(BOUND_LOCK_WAIT, [`${timeoutMs}ms`]);
        // The read follows the lock: it sees every change committed before the lock was granted.
        const rows = await runner.rows(LOCK_VERIFICATION, [sid]);
        if (rows.length === 0) return undefined;
        const record = await readVerification(runner, sid);
        if (!record) return undefined;
        const lockedHeld = new LockedVerification(record, true);
        running = work(lockedHeld);
        const result = await beforeDeadline(running, deadline, sid);
        if (!(await lockedHeld.write(runner))) throw new Error(`verification ${sid} changed while locked`);
        return { result, record: lockedHeld.record };
      });
      // Kept once committed: a copy of a change that rolled back would only cost a failed write.
      if (outcome) this.kept.written(outcome.record);
      return outcome;
    } catch (error) {
      await running?.catch(() => undefined);
      throw error;
    }
  }

  /** Pending verifications whose expiry or timeout fallback is due, read whole (one read per batch). */
  async due(now: Date, limit: number): Promise<VerificationRecord[]> {
    return readDue(this.statements, now, limit);
  }

  /** Finished verifications whose settlement did not complete (a peer was down): the timer retries. */
  async unsettledSids(limit: number): Promise<string[]> {
    const rows = await this.statements.rows<{ sid: string }>(READ_UNSETTLED, [limit]);
    return rows.map((r) => r.sid);
  }
}

/** `running`'s answer, or an error once `deadline` (epoch ms) passed without one. */
async function beforeDeadline<T>(running: Promise<T>, deadline: number, sid: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`verification ${sid} held past its bound; its work is abandoned`)),
      Math.max(0, deadline - Date.now()),
    );
  });
  try {
    return await Promise.race([running, late]);
  } finally {
    clearTimeout(timer);
  }
}
