import { randomUUID } from 'node:crypto';
import { poolRunner, SealedBox, type NamedStatement, type SchemaPool, type StatementRunner } from '@otp/platform';
import { newSigningSecret } from '../domain/signature.js';
import type { Db } from './database.js';

/** How long a rotated-out secret keeps signing, so receivers can switch without losing events. */
export const ROTATED_SECRET_VALID_MS = 24 * 60 * 60 * 1000;

/** Where WEBHOOK_SECRET_KEY's sealing key comes from (HKDF purpose: never the key of anything else). */
const SEAL_PURPOSE = 'otp webhook signing secret seal';

export interface StoredSecret {
  secret: string;
  createdAt: Date;
  expiresAt: Date | null;
}

/** A row as read: the secret sealed, or plain until the start pass seals it (rows from before sealing). */
interface SecretRow {
  id: string;
  secret: string | null;
  sealed: Uint8Array | null;
  createdAt: Date;
  expiresAt: Date | null;
}

/** WEBHOOK_SECRET_KEY does not open the stored secrets: the dispatcher must not start with it. */
export class SecretKeyMismatch extends Error {
  override readonly name = 'SecretKeyMismatch';
}

// Every attempt signs with the valid secrets: their read and first creation, and the start's
// sealing pass, are named statements on the pool (docs/developing.md, "Hot paths"; a delivering
// dispatcher never loads Prisma's query compiler); rotation and revocation (admin calls) use Prisma.
const SECRET_STATEMENTS = {
  /** Every secret still valid for project $1, newest first. */
  validSecrets: {
    name: 'webhook_valid_secrets',
    text: `SELECT id, secret, secret_sealed AS sealed, created_at AS "createdAt", expires_at AS "expiresAt"
             FROM signing_secrets
            WHERE project_id = $1 AND (expires_at IS NULL OR expires_at > now())
            ORDER BY created_at DESC, expires_at DESC NULLS FIRST`,
  },
  /** The project's first current secret: $1 id, $2 project, $3 sealed secret; a concurrent first use keeps its own. */
  firstSecret: {
    name: 'webhook_first_secret',
    text: `INSERT INTO signing_secrets (id, project_id, secret_sealed) VALUES ($1::uuid, $2, $3) ON CONFLICT DO NOTHING`,
  },
  /** The newest sealed secret: the start checks that the key opens it. */
  newestSealed: {
    name: 'webhook_newest_sealed_secret',
    text: `SELECT id::text, secret_sealed AS sealed FROM signing_secrets
            WHERE secret_sealed IS NOT NULL ORDER BY created_at DESC LIMIT 1`,
  },
  /** At most $1 secrets still plain (stored before sealing). */
  plainSecrets: {
    name: 'webhook_plain_secrets',
    text: `SELECT id::text, secret FROM signing_secrets WHERE secret IS NOT NULL LIMIT $1::int`,
  },
  /** Row $1 sealed ($2), its plain copy cleared in the same statement, only while that copy is still $3. */
  sealSecret: {
    name: 'webhook_seal_secret',
    text: `UPDATE signing_secrets SET secret_sealed = $2, secret = NULL
            WHERE id = $1::uuid AND secret = $3 RETURNING 1 AS sealed`,
  },
} satisfies Record<string, NamedStatement>;

/** Rows sealed per statement of the start pass. */
const SEAL_BATCH = 100;

export class Secrets {
  private readonly statements: StatementRunner;
  private readonly box: SealedBox;

  constructor(
    private readonly db: Db,
    pool: SchemaPool,
    masterKey: Buffer,
  ) {
    this.statements = poolRunner(pool);
    this.box = new SealedBox(masterKey, SEAL_PURPOSE);
  }

  /**
   * At start, before serving: the key must open what is stored (a changed key fails here, clearly,
   * not at every attempt), then every plain row left from before sealing is sealed. Each row is
   * sealed by one statement that also clears its plain copy, and only while that copy is unchanged:
   * a crash leaves every row either plain or sealed, and the next start carries on.
   */
  async prepare(): Promise<{ sealed: number }> {
    const newest = await this.statements.rows<{ id: string; sealed: Uint8Array }>(SECRET_STATEMENTS.newestSealed, []);
    for (const row of newest) {
      try {
        this.box.open(row.id, row.sealed);
      } catch {
        throw new SecretKeyMismatch(
          'WEBHOOK_SECRET_KEY does not open the stored webhook signing secrets (was it changed?): ' +
            'start with the key they were sealed with',
        );
      }
    }
    let sealed = 0;
    for (;;) {
      const plain = await this.statements.rows<{ id: string; secret: string }>(SECRET_STATEMENTS.plainSecrets, [
        SEAL_BATCH,
      ]);
      if (plain.length === 0) return { sealed };
      for (const row of plain) {
        const done = await this.statements.rows(SECRET_STATEMENTS.sealSecret, [
          row.id,
          this.box.seal(row.id, row.secret),
          row.secret,
        ]);
        sealed += done.length;
      }
    }
  }

  /** Every secret still valid for the project, newest first; the first one is created on first use. */
  async valid(projectId: string): Promise<StoredSecret[]> {
    const found = await this.read(projectId);
    if (found.some((s) => s.expiresAt === null)) return found;
    // Two first uses at once: the partial unique index keeps one, the other insert is skipped.
    const id = randomUUID();
    await this.statements.rows(SECRET_STATEMENTS.firstSecret, [id, projectId, this.box.seal(id, newSigningSecret())]);
    return this.read(projectId);
  }

  /** A new current secret; the previous one stays valid for ROTATED_SECRET_VALID_MS (or until revoked). */
  async rotate(projectId: string): Promise<StoredSecret[]> {
    await this.db.$transaction(async (tx) => {
      await lockProject(tx, projectId);
      await tx.$executeRaw`
        UPDATE signing_secrets SET expires_at = now() + ${ROTATED_SECRET_VALID_MS} * interval '1 millisecond'
         WHERE project_id = ${projectId} AND expires_at IS NULL`;
      const id = randomUUID();
      await tx.signingSecret.create({
        data: { id, projectId, secretSealed: new Uint8Array(this.box.seal(id, newSigningSecret())) },
      });
    });
    return this.read(projectId);
  }

  /**
   * Ends every previous secret now (deleted: a revoked secret has no further use), leaving only the
   * current one. Idempotent: with no previous secret it changes nothing.
   */
  async revokePrevious(projectId: string): Promise<{ secrets: StoredSecret[]; revoked: number }> {
    const revoked = await this.db.$transaction(async (tx) => {
      await lockProject(tx, projectId);
      return tx.$executeRaw`DELETE FROM signing_secrets WHERE project_id = ${projectId} AND expires_at IS NOT NULL`;
    });
    return { secrets: await this.valid(projectId), revoked };
  }

  private async read(projectId: string): Promise<StoredSecret[]> {
    const rows = await this.statements.rows<SecretRow>(SECRET_STATEMENTS.validSecrets, [projectId]);
    return rows.map((row) => ({
      secret: row.sealed ? this.box.open(row.id, row.sealed) : row.secret!,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    }));
  }
}

/** Serialises rotations and revocations of one project (two rotations at once would both add a current secret). */
async function lockProject(tx: Pick<Db, '$executeRaw'>, projectId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`webhook-secret:${projectId}`}))`;
}
