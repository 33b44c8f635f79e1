import { randomUUID } from 'node:crypto';
import { newSigningSecret } from '../domain/signature.js';
import type { Db } from './database.js';

/** How long a rotated-out secret keeps signing, so receivers can switch without losing events. */
export const ROTATED_SECRET_VALID_MS = 24 * 60 * 60 * 1000;

export interface StoredSecret {
  secret: string;
  createdAt: Date;
  expiresAt: Date | null;
}

export class Secrets {
  constructor(private readonly db: Db) {}

  /** Every secret still valid for the project, newest first; the first one is created on first use. */
  async valid(projectId: string): Promise<StoredSecret[]> {
    const found = await this.read(projectId);
    if (found.some((s) => s.expiresAt === null)) return found;
    // Two first uses at once: the partial unique index keeps one, the other insert is skipped.
    await this.db.signingSecret.createMany({
      data: [{ id: randomUUID(), projectId, secret: newSigningSecret() }],
      skipDuplicates: true,
    });
    return this.read(projectId);
  }

  /** A new current secret; the previous one stays valid for ROTATED_SECRET_VALID_MS. */
  async rotate(projectId: string): Promise<StoredSecret[]> {
    await this.db.$transaction(async (tx) => {
      // Serialises rotations of one project (two at once would both try to add a current secret).
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`webhook-secret:${projectId}`}))`;
      await tx.$executeRaw`
        UPDATE signing_secrets SET expires_at = now() + ${ROTATED_SECRET_VALID_MS} * interval '1 millisecond'
         WHERE project_id = ${projectId} AND expires_at IS NULL`;
      await tx.signingSecret.create({ data: { id: randomUUID(), projectId, secret: newSigningSecret() } });
    });
    return this.read(projectId);
  }

  private async read(projectId: string): Promise<StoredSecret[]> {
    return this.db.$queryRaw<StoredSecret[]>`
      SELECT secret, created_at AS "createdAt", expires_at AS "expiresAt" FROM signing_secrets
       WHERE project_id = ${projectId} AND (expires_at IS NULL OR expires_at > now())
       ORDER BY created_at DESC, expires_at DESC NULLS FIRST`;
  }
}
