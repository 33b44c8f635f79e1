import { randomUUID } from 'node:crypto';
import { poolRunner, type NamedStatement, type SchemaPool, type StatementRunner } from '@otp/platform';
import { newSigningSecret } from '../domain/signature.js';
import type { Db } from './database.js';

/** How long a rotated-out secret keeps signing, so receivers can switch without losing events. */
export const ROTATED_SECRET_VALID_MS = 24 * 60 * 60 * 1000;

export interface StoredSecret {
  secret: string;
  createdAt: Date;
  expiresAt: Date | null;
}

// Every attempt signs with the valid secrets: their read and first creation are named statements
// on the pool (docs/DEVELOPING.md, "Hot paths"); the rotation (an admin call) stays on Prisma.
const SECRET_STATEMENTS = {
  /** Every secret still valid for project $1, newest first. */
  validSecrets: {
    name: 'webhook_valid_secrets',
    text: `SELECT secret, created_at AS "createdAt", expires_at AS "expiresAt" FROM signing_secrets
            WHERE project_id = $1 AND (expires_at IS NULL OR expires_at > now())
            ORDER BY created_at DESC, expires_at DESC NULLS FIRST`,
  },
  /** The project's first current secret: $1 id, $2 project, $3 secret; a concurrent first use keeps its own. */
  firstSecret: {
    name: 'webhook_first_secret',
    text: `INSERT INTO signing_secrets (id, project_id, secret) VALUES ($1::uuid, $2, $3) ON CONFLICT DO NOTHING`,
  },
} satisfies Record<string, NamedStatement>;

export class Secrets {
  private readonly statements: StatementRunner;

  constructor(
    private readonly db: Db,
    pool: SchemaPool,
  ) {
    this.statements = poolRunner(pool);
  }

  /** Every secret still valid for the project, newest first; the first one is created on first use. */
  async valid(projectId: string): Promise<StoredSecret[]> {
    const found = await this.read(projectId);
    if (found.some((s) => s.expiresAt === null)) return found;
    // Two first uses at once: the partial unique index keeps one, the other insert is skipped.
    await this.statements.rows(SECRET_STATEMENTS.firstSecret, [randomUUID(), projectId, newSigningSecret()]);
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
    return this.statements.rows<StoredSecret>(SECRET_STATEMENTS.validSecrets, [projectId]);
  }
}
