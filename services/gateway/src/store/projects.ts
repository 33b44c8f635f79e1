import { newProjectId } from '@otp/platform';
import type { IpAllowlist } from '../domain/ip-allowlist.js';
import type { Db } from './database.js';
import { announceKeyChange } from './key-changes.js';

export interface ProjectRecord {
  id: string;
  name: string;
  createdAt: Date;
  ipAllowlist: IpAllowlist;
}

const OFF: IpAllowlist = { enabled: false, cidrs: [] };

export class Projects {
  constructor(private readonly db: Db) {}

  async create(name: string): Promise<ProjectRecord> {
    const row = await this.db.project.create({ data: { id: newProjectId(), name } });
    return { id: row.id, name: row.name, createdAt: row.createdAt, ipAllowlist: OFF };
  }

  /** Undoes `create` for a project nothing refers to yet (its start-up credit failed). */
  async discardNew(id: string): Promise<void> {
    await this.db.project.deleteMany({ where: { id } });
  }

  async find(id: string): Promise<ProjectRecord | undefined> {
    const row = await this.db.project.findUnique({ where: { id }, include: { ipAllowlist: true } });
    if (!row) return undefined;
    const allowlist = row.ipAllowlist ? { enabled: row.ipAllowlist.enabled, cidrs: row.ipAllowlist.cidrs } : OFF;
    return { id: row.id, name: row.name, createdAt: row.createdAt, ipAllowlist: allowlist };
  }

  /** Every project, newest first (the console's operator list). */
  async list(limit: number): Promise<{ id: string; name: string; createdAt: Date }[]> {
    return this.db.project.findMany({
      select: { id: true, name: true, createdAt: true },
      orderBy: { createdAt: 'desc' },
      take: limit,
    });
  }

  async exists(id: string): Promise<boolean> {
    return (await this.db.project.count({ where: { id } })) > 0;
  }

  /** Replaces the allowlist; every replica drops the project's cached keys (they carry the old list). */
  async setIpAllowlist(projectId: string, allowlist: IpAllowlist): Promise<IpAllowlist> {
    return this.db.$transaction(async (tx) => {
      const row = await tx.ipAllowlist.upsert({
        where: { projectId },
        create: { projectId, enabled: allowlist.enabled, cidrs: allowlist.cidrs },
        update: { enabled: allowlist.enabled, cidrs: allowlist.cidrs, updatedAt: new Date() },
      });
      await announceKeyChange(tx, { kind: 'project', id: projectId });
      return { enabled: row.enabled, cidrs: row.cidrs };
    });
  }
}
