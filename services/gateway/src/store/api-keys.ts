import { randomUUID } from 'node:crypto';
import type { IpAllowlist } from '../domain/ip-allowlist.js';
import type { Db } from './database.js';
import { announceKeyChange } from './key-changes.js';

export interface ApiKeyRecord {
  id: string;
  projectId: string;
  name: string;
  hint: string;
  createdAt: Date;
}

/** Who a key belongs to, with what the edge needs to admit the request. */
export interface KeyOwner {
  keyId: string;
  projectId: string;
  ipAllowlist: IpAllowlist;
}

export class ApiKeys {
  constructor(private readonly db: Db) {}

  async create(projectId: string, name: string, keyHash: string, hint: string): Promise<ApiKeyRecord> {
    const row = await this.db.apiKey.create({ data: { id: randomUUID(), projectId, name, keyHash, hint } });
    return { id: row.id, projectId: row.projectId, name: row.name, hint: row.hint, createdAt: row.createdAt };
  }

  /** A project's keys, newest first: name, hint and dates only (the key itself is never stored). */
  async list(projectId: string): Promise<(ApiKeyRecord & { revokedAt: Date | null })[]> {
    return this.db.apiKey.findMany({
      where: { projectId },
      select: { id: true, projectId: true, name: true, hint: true, createdAt: true, revokedAt: true },
      orderBy: { createdAt: 'desc' },
    });
  }

  /** One lookup by the unique hash index; revoked keys are not found. */
  async ownerOf(keyHash: string): Promise<KeyOwner | undefined> {
    const row = await this.db.apiKey.findUnique({
      where: { keyHash },
      select: { id: true, projectId: true, revokedAt: true, project: { select: { ipAllowlist: true } } },
    });
    if (!row || row.revokedAt) return undefined;
    const allowlist = row.project.ipAllowlist;
    return {
      keyId: row.id,
      projectId: row.projectId,
      ipAllowlist: allowlist ? { enabled: allowlist.enabled, cidrs: allowlist.cidrs } : { enabled: false, cidrs: [] },
    };
  }

  /** Marks the key revoked and tells every replica; false when the project has no such (live) key. */
  async revoke(projectId: string, keyId: string): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const result = await tx.apiKey.updateMany({
        where: { id: keyId, projectId, revokedAt: null },
        data: { revokedAt: new Date() },
      });
      if (result.count > 0) await announceKeyChange(tx, { kind: 'key', id: keyId });
      return result.count > 0;
    });
  }
}
