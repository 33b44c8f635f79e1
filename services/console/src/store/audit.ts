import type { Logger } from '@otp/platform';
import type { Db } from './database.js';

export type AuditDetails = Record<string, string | number | boolean | string[] | null>;

export interface AuditEntry {
  at: Date;
  email: string;
  action: string;
  projectId: string | null;
  details: AuditDetails;
}

/**
 * Every console write: a row (shown to project owners and operators) and a log line like the admin
 * API's. Callers pass identifiers and non-secret values only: never keys, passwords or tokens.
 */
export class AuditTrail {
  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  async record(
    actor: { userId: string | null; email: string },
    action: string,
    projectId: string | null,
    details: AuditDetails = {},
  ): Promise<void> {
    this.logger.info(
      { audit: true, action, user_id: actor.userId, project_id: projectId, ...details },
      'console write',
    );
    await this.db.auditEntry.create({
      data: { userId: actor.userId, email: actor.email, action, projectId, details },
    });
  }

  async forProject(projectId: string, limit: number): Promise<AuditEntry[]> {
    const rows = await this.db.auditEntry.findMany({ where: { projectId }, orderBy: { id: 'desc' }, take: limit });
    return rows.map((row) => ({
      at: row.at,
      email: row.email,
      action: row.action,
      projectId: row.projectId,
      details: row.details as AuditDetails,
    }));
  }
}
