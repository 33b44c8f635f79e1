import { DomainError } from '@otp/platform';
import type { SenderId } from '../generated/prisma/client.js';
import { senderIdKey } from '../domain/sender-id.js';
import type { Db } from './database.js';
import type { SendContexts } from './send-context.js';

/** A `sender_ids` row as raw SQL returns it. */
interface SenderIdRecord {
  project_id: string;
  value_key: string;
  value: string;
  site: string;
  status: string;
  created_at: Date;
  approved_at: Date | null;
  rejection_reason: string | null;
}

function fromRecord(record: SenderIdRecord): SenderId {
  return {
    projectId: record.project_id,
    valueKey: record.value_key,
    value: record.value,
    site: record.site,
    status: record.status,
    createdAt: new Date(record.created_at),
    approvedAt: record.approved_at ? new Date(record.approved_at) : null,
    rejectionReason: record.rejection_reason,
  };
}

// Reads are raw statements: Verify asks for a project's sender IDs on every start.
export class SenderIds {
  /** `sendContexts`: the sends' cached view of a project's sender IDs, forgotten by every change here. */
  constructor(
    private readonly db: Db,
    private readonly sendContexts: Pick<SendContexts, 'forget'>,
  ) {}

  /** A new sender ID, pending until an operator approves it. */
  async request(projectId: string, value: string, site: string, now: Date): Promise<SenderId> {
    const inserted = await this.db.$executeRaw`
      INSERT INTO sender_ids (project_id, value_key, value, site, status, created_at)
      VALUES (${projectId}, ${senderIdKey(value)}, ${value}, ${site}, 'pending', ${now})
      ON CONFLICT (project_id, value_key) DO NOTHING`;
    if (inserted === 0)
      throw new DomainError('SENDER_ID_EXISTS', `sender ID ${value} is already registered for this project`);
    this.sendContexts.forget(projectId);
    return this.db.senderId.findUniqueOrThrow({
      where: { projectId_valueKey: { projectId, valueKey: senderIdKey(value) } },
    });
  }

  async approve(projectId: string, value: string, now: Date): Promise<SenderId> {
    const key = { projectId, valueKey: senderIdKey(value) };
    // Approving twice is harmless: the first approval time is kept.
    await this.db.senderId.updateMany({
      where: { ...key, status: 'pending' },
      data: { status: 'approved', approvedAt: now },
    });
    this.sendContexts.forget(projectId);
    const found = await this.db.senderId.findUnique({ where: { projectId_valueKey: key } });
    if (!found) throw new DomainError('SENDER_ID_NOT_FOUND', `no sender ID ${value} in this project`);
    return found;
  }

  /** Refuses a pending sender ID; refusing it again keeps the first reason. An approved one stays approved. */
  async reject(projectId: string, value: string, reason: string): Promise<SenderId> {
    const key = { projectId, valueKey: senderIdKey(value) };
    await this.db.senderId.updateMany({
      where: { ...key, status: 'pending' },
      data: { status: 'rejected', rejectionReason: reason },
    });
    this.sendContexts.forget(projectId);
    const found = await this.db.senderId.findUnique({ where: { projectId_valueKey: key } });
    if (!found) throw new DomainError('SENDER_ID_NOT_FOUND', `no sender ID ${value} in this project`);
    if (found.status === 'approved') {
      throw new DomainError('INVALID_REQUEST_BODY', `sender ID ${value} is approved: it can no longer be rejected`);
    }
    return found;
  }

  async find(projectId: string, value: string): Promise<SenderId | null> {
    const rows = await this.db.$queryRaw<SenderIdRecord[]>`
      SELECT * FROM sender_ids WHERE project_id = ${projectId} AND value_key = ${senderIdKey(value)}`;
    return rows[0] ? fromRecord(rows[0]) : null;
  }

  async list(projectId: string): Promise<SenderId[]> {
    const rows = await this.db.$queryRaw<SenderIdRecord[]>`
      SELECT * FROM sender_ids WHERE project_id = ${projectId} ORDER BY created_at, value_key`;
    return rows.map(fromRecord);
  }
}
