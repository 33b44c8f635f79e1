import { randomUUID } from 'node:crypto';
import { poolRunner, type NamedStatement, type SchemaPool, type StatementRunner } from '@otp/platform';
import type { KeyOwner } from '../domain/api-key.js';
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
/**
 * Every request whose key is not cached asks this (docs/developing.md, "Hot paths"): a named
 * statement by the unique hash index; revoked keys are not found. $1 the key's hash.
 */
const OWNER_OF_KEY: NamedStatement = {
  name: 'gateway_api_key_owner',
  text: `SELECT api_keys.id, api_keys.project_id, ip_allowlists.enabled, ip_allowlists.cidrs
           FROM api_keys LEFT JOIN ip_allowlists ON ip_allowlists.project_id = api_keys.project_id
          WHERE api_keys.key_hash = $1::text AND api_keys.revoked_at IS NULL`,
};

export class ApiKeys {
  private readonly run: StatementRunner;

  /** `pool` is the one Prisma runs on (`openDatabase(url, schema, pool)`). */
  constructor(
    private readonly db: Db,
    pool: SchemaPool,
  ) {
    this.run = poolRunner(pool);
  }

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
    const [row] = await this.run.rows<{
      id: string;
      project_id: string;
      // Both null when the project never saved an allowlist.
      enabled: boolean | null;
      cidrs: string[] | null;
    }>(OWNER_OF_KEY, [keyHash]);
    if (!row) return undefined;
    return {
      keyId: row.id,
      projectId: row.project_id,
      ipAllowlist: { enabled: row.enabled ?? false, cidrs: row.cidrs ?? [] },
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
