import type { Db } from './database.js';

// Failed sign-ins, kept in the database so every replica throttles the same way.
export class LoginFailures {
  constructor(private readonly db: Db) {}

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
    await this.db.loginFailure.deleteMany({ where: { at: { lte: before } } });
  }
}
