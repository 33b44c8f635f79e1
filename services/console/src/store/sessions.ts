import { createHash, randomBytes } from 'node:crypto';
import { poolRunner, type NamedStatement, type SchemaPool, type StatementRunner } from '@otp/platform';
import type { Db } from './database.js';

export interface SessionRecord {
  userId: string;
  csrfToken: string;
  expiresAt: Date;
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The sweep runs by itself every ten minutes: on the pool, so an idle console never loads Prisma's query compiler. */
const SWEEP_SESSIONS: NamedStatement = {
  name: 'console_sweep_sessions',
  text: 'DELETE FROM sessions WHERE expires_at <= now()',
};

export class Sessions {
  private readonly statements: StatementRunner;

  constructor(
    private readonly db: Db,
    pool: SchemaPool,
  ) {
    this.statements = poolRunner(pool);
  }

  /** A new session; the token (cookie value) is returned once and only its hash is kept. */
  async open(userId: string, ttlMs: number): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + ttlMs);
    await this.db.session.create({ data: { tokenHash: tokenHash(token), userId, csrfToken, expiresAt } });
    return { token, csrfToken, expiresAt };
  }

  async find(token: string): Promise<SessionRecord | undefined> {
    const row = await this.db.session.findUnique({ where: { tokenHash: tokenHash(token) } });
    if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
    return { userId: row.userId, csrfToken: row.csrfToken, expiresAt: row.expiresAt };
  }

  async close(token: string): Promise<void> {
    await this.db.session.deleteMany({ where: { tokenHash: tokenHash(token) } });
  }

  /** Expired sessions are never honoured; this only keeps the table small. */
  async sweep(): Promise<void> {
    await this.statements.rows(SWEEP_SESSIONS, []);
  }
}
