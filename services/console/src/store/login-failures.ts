import { poolRunner, type NamedStatement, type SchemaPool, type StatementRunner } from '@otp/platform';
import type { Db } from './database.js';

/** $1 the oldest failure still kept. Runs by itself (the sweep): on the pool, not Prisma. */
const SWEEP_FAILURES: NamedStatement = {
  name: 'console_sweep_login_failures',
  text: 'DELETE FROM login_failures WHERE "at" <= $1::timestamptz',
};

// Failed sign-ins, kept in the database so every replica throttles the same way.
export class LoginFailures {
  private readonly statements: StatementRunner;

  constructor(
    private readonly db: Db,
    pool: SchemaPool,
  ) {
    this.statements = poolRunner(pool);
  }

  async since(subjects: string[], since: Date): Promise<Map<string, Date[]>> {
    const rows = await this.db.loginFailure.findMany({ where: { subject: { in: subjects }, at: { gt: since } } });
    const bySubject = new Map<string, Date[]>(subjects.map((s) => [s, []]));
    for (const row of rows) bySubject.get(row.subject)?.push(row.at);
    return bySubject;
  }

  async record(subjects: string[]): Promise<void> {
    await this.db.loginFailure.createMany({ data: subjects.map((subject) => ({ subject })) });
  }

  async forget(subject: string): Promise<void> {
    await this.db.loginFailure.deleteMany({ where: { subject } });
  }

  async sweep(before: Date): Promise<void> {
    await this.statements.rows(SWEEP_FAILURES, [before]);
  }
}
