import { randomUUID } from 'node:crypto';
import { isProjectRole, type ProjectRole } from '../domain/roles.js';
import type { Db } from './database.js';

export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string;
  isOperator: boolean;
  createdAt: Date;
}

export interface MemberRecord {
  userId: string;
  email: string;
  role: ProjectRole;
  createdAt: Date;
}

function roleOf(value: string): ProjectRole {
  // The column has a CHECK constraint; anything else would be a schema drift.
  if (!isProjectRole(value)) throw new Error(`unknown role ${value} in console.memberships`);
  return value;
}

export class Users {
  constructor(private readonly db: Db) {}

  /** undefined when the email is taken. */
  async create(email: string, passwordHash: string, isOperator: boolean): Promise<UserRecord | undefined> {
    const rows = await this.db.user.createManyAndReturn({
      data: [{ id: randomUUID(), email, passwordHash, isOperator }],
      skipDuplicates: true,
    });
    return rows[0];
  }

  async byEmail(email: string): Promise<UserRecord | undefined> {
    return (await this.db.user.findUnique({ where: { email } })) ?? undefined;
  }

  async byId(id: string): Promise<UserRecord | undefined> {
    return (await this.db.user.findUnique({ where: { id } })) ?? undefined;
  }

  async list(): Promise<UserRecord[]> {
    return this.db.user.findMany({ orderBy: { createdAt: 'asc' } });
  }

  /** The new password and the end of every session of the user, in one transaction. */
  async changePassword(userId: string, passwordHash: string): Promise<void> {
    await this.db.$transaction([
      this.db.user.update({ where: { id: userId }, data: { passwordHash, passwordChangedAt: new Date() } }),
      this.db.session.deleteMany({ where: { userId } }),
    ]);
  }

  async endSessions(userId: string): Promise<void> {
    await this.db.session.deleteMany({ where: { userId } });
  }

  async roles(userId: string): Promise<Map<string, ProjectRole>> {
    const rows = await this.db.membership.findMany({ where: { userId } });
    return new Map(rows.map((row) => [row.projectId, roleOf(row.role)]));
  }

  async members(projectId: string): Promise<MemberRecord[]> {
    const rows = await this.db.membership.findMany({
      where: { projectId },
      include: { user: { select: { email: true } } },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map((row) => ({
      userId: row.userId,
      email: row.user.email,
      role: roleOf(row.role),
      createdAt: row.createdAt,
    }));
  }

  async setMembership(userId: string, projectId: string, role: ProjectRole): Promise<void> {
    await this.db.membership.upsert({
      where: { userId_projectId: { userId, projectId } },
      create: { userId, projectId, role },
      update: { role },
    });
  }

  async removeMembership(userId: string, projectId: string): Promise<boolean> {
    return (await this.db.membership.deleteMany({ where: { userId, projectId } })).count > 0;
  }
}
