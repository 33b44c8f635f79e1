import { outboxRow } from '@otp/platform';
import type { AttemptChannel } from '../domain/attempt-status.js';
import type { AttemptState, FallbackReason, VerificationState, VerificationStatus } from '../domain/verification.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Db, Tx } from './database.js';

// Verifications and their attempts. Every change to a verification happens inside `locked`,
// which holds the row (SELECT ... FOR UPDATE) for the whole decision: concurrent checks, reads,
// timers and status events on one verification run one after another, never on a stale copy.

export interface AttemptRecord extends AttemptState {
  createdAt: Date;
}

export interface VerificationRecord {
  sid: string;
  projectId: string;
  status: VerificationStatus;
  to: string;
  channel: AttemptChannel;
  fallbackReason: FallbackReason | null;
  checksLeft: number;
  feeCents: number;
  feeRefunded: boolean;
  delivered: boolean;
  costCents: number;
  metadata: Record<string, unknown>;
  callbackUrl: string | null;
  lastError: string | null;
  createdAt: Date;
  expiresAt: Date;
  approvedAt: Date | null;
  finishedAt: Date | null;
  settledAt: Date | null;
  codeMac: Uint8Array;
  codeSealed: Uint8Array | null;
  switchOnFailure: boolean;
  fallbackDueAt: Date | null;
  smsFrom: string | null;
  smsText: string;
  attempts: AttemptRecord[];
}

export type VerificationChanges = Partial<
  Pick<
    VerificationRecord,
    | 'status'
    | 'channel'
    | 'fallbackReason'
    | 'checksLeft'
    | 'feeRefunded'
    | 'delivered'
    | 'costCents'
    | 'lastError'
    | 'approvedAt'
    | 'finishedAt'
    | 'settledAt'
    | 'codeSealed'
    | 'fallbackDueAt'
  >
>;

export type NewVerification = Omit<
  VerificationRecord,
  'attempts' | 'approvedAt' | 'finishedAt' | 'settledAt' | 'lastError'
>;

// Prisma's Bytes want a plain ArrayBuffer-backed array (a Buffer may sit on a shared pool).
function bytes(value: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(value);
}

type Row = Prisma.VerificationGetPayload<{ include: { attempts: true } }>;

function toRecord(row: Row): VerificationRecord {
  return {
    ...row,
    status: row.status as VerificationStatus,
    channel: row.channel as AttemptChannel,
    fallbackReason: row.fallbackReason as FallbackReason | null,
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
    attempts: [...row.attempts]
      .sort((a, b) => (a.seq < b.seq ? -1 : 1))
      .map((a) => ({
        sid: a.sid,
        channel: a.channel as AttemptChannel,
        status: a.status,
        costCents: a.costCents,
        createdAt: a.createdAt,
      })),
  };
}

/** The part of a record the state machine decides on. */
export function stateOf(record: VerificationRecord): VerificationState {
  return {
    status: record.status,
    channel: record.channel,
    fallbackReason: record.fallbackReason,
    checksLeft: record.checksLeft,
    expiresAt: record.expiresAt,
    fallbackDueAt: record.fallbackDueAt,
    switchOnFailure: record.switchOnFailure,
    delivered: record.delivered,
    attempts: record.attempts,
  };
}

/** Writes available while a verification is held. */
export class LockedVerification {
  constructor(
    private readonly tx: Tx,
    public record: VerificationRecord,
  ) {}

  async update(changes: VerificationChanges): Promise<void> {
    const { codeSealed, ...rest } = changes;
    const data = codeSealed === undefined ? rest : { ...rest, codeSealed: codeSealed && bytes(codeSealed) };
    await this.tx.verification.update({ where: { sid: this.record.sid }, data });
    this.record = { ...this.record, ...changes };
  }

  async addAttempt(attempt: AttemptRecord): Promise<void> {
    await this.tx.attempt.create({ data: { ...attempt, verificationSid: this.record.sid } });
    this.record = { ...this.record, attempts: [...this.record.attempts, attempt] };
  }

  async updateAttempt(sid: string, changes: { status?: string; costCents?: number }): Promise<void> {
    await this.tx.attempt.update({ where: { sid }, data: changes });
    this.record = {
      ...this.record,
      attempts: this.record.attempts.map((a) => (a.sid === sid ? { ...a, ...changes } : a)),
    };
  }

  /** Writes the event in the same transaction as the change it reports (outbox). */
  async addEvent(
    subject: string,
    type: string,
    data: unknown,
    headers: Record<string, string>,
    now: Date,
  ): Promise<void> {
    const row = outboxRow(subject, type, this.record.projectId, data, now);
    await this.tx.outboxEvent.create({
      data: {
        id: row.id,
        subject: row.subject,
        type: row.type,
        payload: row.payload as unknown as Prisma.InputJsonValue,
        headers: { ...row.headers, ...headers },
      },
    });
  }
}

export class VerificationStore {
  constructor(private readonly db: Db) {}

  async find(sid: string): Promise<VerificationRecord | undefined> {
    const row = await this.db.verification.findUnique({ where: { sid }, include: { attempts: true } });
    return row ? toRecord(row) : undefined;
  }

  async insert(verification: NewVerification, attempts: AttemptRecord[]): Promise<VerificationRecord> {
    const { metadata, codeMac, codeSealed, ...rest } = verification;
    const row = await this.db.verification.create({
      data: {
        ...rest,
        codeMac: bytes(codeMac),
        codeSealed: codeSealed && bytes(codeSealed),
        metadata: metadata as Prisma.InputJsonValue,
        attempts: { create: attempts },
      },
      include: { attempts: true },
    });
    return toRecord(row);
  }

  /**
   * Runs `work` with the verification held until it returns (or undefined when there is no such
   * row). `timeoutMs` bounds the transaction: work may call a peer (the fallback send).
   */
  async locked<T>(
    sid: string,
    timeoutMs: number,
    work: (held: LockedVerification) => Promise<T>,
  ): Promise<{ result: T; record: VerificationRecord } | undefined> {
    return this.db.$transaction(
      async (tx) => {
        const held = await tx.$queryRaw<{ sid: string }[]>`SELECT sid FROM verifications WHERE sid = ${sid} FOR UPDATE`;
        if (held.length === 0) return undefined;
        const row = await tx.verification.findUniqueOrThrow({ where: { sid }, include: { attempts: true } });
        const locked = new LockedVerification(tx, toRecord(row));
        const result = await work(locked);
        return { result, record: locked.record };
      },
      { timeout: timeoutMs, maxWait: timeoutMs },
    );
  }

  /** The verification an attempt (TG.../SM...) belongs to. */
  async verificationOfAttempt(attemptSid: string): Promise<string | undefined> {
    const attempt = await this.db.attempt.findUnique({ where: { sid: attemptSid }, select: { verificationSid: true } });
    return attempt?.verificationSid;
  }

  /** Pending verifications whose expiry or timeout fallback is due. */
  async dueSids(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ sid: string }[]>`
      SELECT sid FROM verifications WHERE status = 'pending' AND expires_at <= ${now}
      UNION
      SELECT sid FROM verifications WHERE status = 'pending' AND fallback_due_at <= ${now}
      LIMIT ${limit}`;
    return rows.map((r) => r.sid);
  }

  /** Finished verifications whose settlement did not complete (a peer was down): the timer retries. */
  async unsettledSids(limit: number): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ sid: string }[]>`
      SELECT sid FROM verifications WHERE status <> 'pending' AND settled_at IS NULL ORDER BY finished_at LIMIT ${limit}`;
    return rows.map((r) => r.sid);
  }
}
