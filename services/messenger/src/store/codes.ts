import { randomUUID } from 'node:crypto';
import type { OutboxRow } from '@otp/platform';
import type { Purpose } from '../domain/send-request.js';
import type { CodeView } from '../domain/public-code.js';
import { transition, wasDelivered, type CodeStatus } from '../domain/status.js';
import { statusEvent } from '../events/status-event.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Db, Tx } from './database.js';

type CodeRow = Prisma.CodeGetPayload<object>;

/** A stored code: what the rules see plus the delivery details. */
export interface Code extends CodeView {
  purpose: Purpose;
  requestId: string | null;
  callbackUrl: string | null;
  verificationStatus: string | null;
}

function toCode(row: CodeRow): Code {
  return {
    sid: row.sid,
    projectId: row.projectId,
    to: row.to,
    purpose: row.purpose as Purpose,
    status: row.status as CodeStatus,
    requestId: row.requestId,
    expiresAt: row.expiresAt,
    costCents: row.costCents,
    refund: row.refund as Code['refund'],
    metadata: row.metadata as Record<string, unknown>,
    callbackUrl: row.callbackUrl,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt,
    verificationStatus: row.verificationStatus,
    createdAt: row.createdAt,
  };
}

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

async function insertEvent(tx: Tx, row: OutboxRow): Promise<void> {
  await tx.outboxEvent.create({
    data: {
      id: row.id,
      subject: row.subject,
      type: row.type,
      payload: row.payload as unknown as Prisma.InputJsonObject,
      headers: row.headers,
    },
  });
}

export class CodeStore {
  /** `onEvents` runs after a commit that wrote outbox rows (wakes the relay). */
  constructor(
    private readonly db: Db,
    private readonly onEvents: () => void = () => undefined,
  ) {}

  async find(projectId: string, sid: string): Promise<Code | undefined> {
    const row = await this.db.code.findFirst({ where: { sid, projectId } });
    return row ? toCode(row) : undefined;
  }

  async findByRequestId(requestId: string): Promise<Code | undefined> {
    const row = await this.db.code.findUnique({ where: { requestId } });
    return row ? toCode(row) : undefined;
  }

  /** The row exists before any money moves, so a crash leaves a trace to reconcile. */
  async createSending(code: {
    sid: string;
    projectId: string;
    to: string;
    purpose: Purpose;
    requestId: string;
    ownCode: boolean;
    expiresAt: Date;
    metadata: Record<string, unknown>;
    callbackUrl: string | null;
    now: Date;
  }): Promise<void> {
    await this.db.code.create({
      data: {
        sid: code.sid,
        projectId: code.projectId,
        to: code.to,
        purpose: code.purpose,
        status: 'sending',
        requestId: code.requestId,
        ownCode: code.ownCode,
        expiresAt: code.expiresAt,
        metadata: code.metadata as Prisma.InputJsonObject,
        callbackUrl: code.callbackUrl,
        createdAt: code.now,
        updatedAt: code.now,
      },
    });
  }

  /** The charge was refused: the send never happened and nothing about it was published. */
  async discardUncharged(sid: string): Promise<void> {
    await this.db.code.deleteMany({ where: { sid, status: 'sending', costCents: 0 } });
  }

  async markCharged(sid: string, costCents: number): Promise<void> {
    await this.db.code.update({ where: { sid }, data: { costCents } });
  }

  /**
   * The send did not go out after the charge: `failed`, refund due. No event: the caller got an
   * error instead of a sid, so no webhook should name it.
   */
  async failSend(sid: string, reason: string, now: Date): Promise<void> {
    await this.db.code.updateMany({
      where: { sid, status: 'sending' },
      data: { status: 'failed', lastError: reason, refund: 'due', updatedAt: now },
    });
  }

  /** The provider accepted the message: `sent` (unless a report already moved it further). */
  async markSent(sid: string, now: Date): Promise<Code> {
    return this.learn(sid, 'sent', now);
  }

  /**
   * Applies a learned status under a row lock: the status machine decides, the change, its
   * refund decision and its event commit together. Concurrent callers (two GETs at expiry, a
   * report racing a check) serialise here, so only one of them can decide a refund.
   */
  async learn(
    sid: string,
    learned: CodeStatus,
    now: Date,
    options: { lastError?: string; report?: ReportClaim } = {},
  ): Promise<Code> {
    return (await this.learnWithOutcome(sid, learned, now, options)).code;
  }

  async learnWithOutcome(
    sid: string,
    learned: CodeStatus,
    now: Date,
    options: { lastError?: string; report?: ReportClaim } = {},
  ): Promise<StatusOutcome> {
    let wroteEvent = false;
    const outcome = await this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM codes WHERE sid = ${sid} FOR UPDATE`;
      const current = toCode(await tx.code.findUniqueOrThrow({ where: { sid } }));
      const report = options.report;
      if (report) {
        const claimed = await tx.$executeRaw`
          INSERT INTO provider_reports (signature, request_id, timestamp, applied)
          VALUES (${report.signature}, ${report.requestId}, ${report.timestamp}, false)
          ON CONFLICT (signature) DO NOTHING`;
        if (claimed === 0) return { code: current, applied: false, replay: true };
      }
      const change = transition(current.status, learned);
      if (!change) return { code: current, applied: false, replay: false };
      const refund = change.refund && current.costCents > 0 && current.refund === 'none';
      const row = await tx.code.update({
        where: { sid },
        data: {
          status: change.to,
          updatedAt: now,
          ...(refund ? { refund: 'due' } : {}),
          ...(change.to === 'failed'
            ? { lastError: options.lastError ?? 'the messenger could not deliver the code' }
            : {}),
          ...(wasDelivered(change.to) && !current.deliveredAt ? { deliveredAt: now } : {}),
          ...(change.to === 'read' ? { readAt: now } : {}),
        },
      });
      const code = toCode(row);
      await insertEvent(tx, statusEvent(code, code.callbackUrl, now));
      if (report) await tx.providerReport.update({ where: { signature: report.signature }, data: { applied: true } });
      wroteEvent = true;
      return { code, applied: true, replay: false };
    });
    if (wroteEvent) this.onEvents();
    return outcome;
  }

  async markRefunded(sid: string, now: Date): Promise<void> {
    await this.db.code.updateMany({ where: { sid, refund: 'due' }, data: { refund: 'done', updatedAt: now } });
  }

  async refundsDue(limit: number): Promise<Code[]> {
    return (await this.db.code.findMany({ where: { refund: 'due' }, take: limit })).map(toCode);
  }

  /** Undelivered codes with a callback whose expiry (plus grace) has passed: the timer checks them. */
  async undeliveredWithCallback(cutoff: Date, limit: number): Promise<Code[]> {
    const rows = await this.db.code.findMany({
      where: { status: { in: ['sending', 'sent'] }, callbackUrl: { not: null }, expiresAt: { lte: cutoff } },
      orderBy: { expiresAt: 'asc' },
      take: limit,
    });
    return rows.map(toCode);
  }

  /** Records one code check and its answer (never the code entered). */
  async recordCheck(sid: string, verificationStatus: string, now: Date): Promise<void> {
    await this.db.$transaction([
      this.db.codeCheck.create({ data: { id: randomUUID(), sid, verificationStatus, createdAt: now } }),
      this.db.code.update({ where: { sid }, data: { verificationStatus, updatedAt: now } }),
    ]);
  }

  /** A report whose code is unknown or unchanged is still remembered, so its replay is spotted. */
  async rememberReport(report: ReportClaim): Promise<boolean> {
    const inserted = await this.db.$executeRaw`
      INSERT INTO provider_reports (signature, request_id, timestamp, applied)
      VALUES (${report.signature}, ${report.requestId}, ${report.timestamp}, false)
      ON CONFLICT (signature) DO NOTHING`;
    return inserted > 0;
  }

  /** Reports older than the replay window are refused by their timestamp; their rows can go. */
  async forgetReportsBefore(cutoff: Date): Promise<void> {
    await this.db.providerReport.deleteMany({ where: { receivedAt: { lt: cutoff } } });
  }
}
