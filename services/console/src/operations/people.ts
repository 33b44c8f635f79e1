import { randomBytes } from 'node:crypto';
import { hashPassword, passwordMatches, passwordProblem } from '../domain/password.js';
import type { Author } from '../domain/author.js';
import type { ProjectRole } from '../domain/roles.js';
import { ConsoleError } from '../http/errors.js';
import type { UserRecord } from '../store/users.js';
import type { ConsoleDeps } from './deps.js';

function normalEmail(email: string): string {
  const value = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(value) || value.length > 254) {
    throw new ConsoleError('INVALID_REQUEST_BODY', 'email: not an email address');
  }
  return value;
}

/** A password for someone who gave none (printed or answered once, never stored readable). */
export function generatedPassword(): string {
  return randomBytes(12).toString('base64url');
}

/** A console user (operator or not); the CLIs and the operator's People page all use it. */
export async function createUser(
  deps: Pick<ConsoleDeps, 'users' | 'audit'>,
  author: Author,
  input: { email: string; password: string; operator: boolean },
): Promise<UserRecord> {
  const email = normalEmail(input.email);
  const problem = passwordProblem(input.password);
  if (problem) throw new ConsoleError('INVALID_REQUEST_BODY', `password: ${problem}`);
  const user = await deps.users.create(email, await hashPassword(input.password), input.operator);
  if (!user) throw new ConsoleError('EMAIL_TAKEN', `a user with email ${email} exists`);
  await deps.audit.record(author, 'user.create', null, { user_id: user.id, email, operator: input.operator });
  return user;
}

/** New password; every session of the user ends (the caller opens a fresh one for this browser). */
export async function changePassword(
  deps: Pick<ConsoleDeps, 'users' | 'audit'>,
  user: UserRecord,
  input: { current: string; next: string },
): Promise<void> {
  if (!(await passwordMatches(input.current, user.passwordHash))) {
    throw new ConsoleError('INVALID_CREDENTIALS', 'current password: wrong');
  }
  const problem = passwordProblem(input.next);
  if (problem) throw new ConsoleError('INVALID_REQUEST_BODY', `new password: ${problem}`);
  await deps.users.changePassword(user.id, await hashPassword(input.next));
  await deps.audit.record({ userId: user.id, email: user.email }, 'user.password_change', null);
}

/** Whether a console user had the email (and is a member now); only operators' tools are told. */
export type MemberOutcome = 'member_set' | 'no_such_user';

/**
 * Sets a person's role on a project. An email without a console user sets nothing; the owners'
 * route answers the same either way (the outcome is for operators' tools), so a project's owner
 * cannot probe which emails have console users.
 */
export async function addMember(
  deps: Pick<ConsoleDeps, 'users' | 'audit'>,
  author: Author,
  projectId: string,
  input: { email: string; role: ProjectRole },
): Promise<MemberOutcome> {
  const email = normalEmail(input.email);
  const user = await deps.users.byEmail(email);
  if (!user) {
    // Not in the project's trail, which its owners read: that would tell them.
    await deps.audit.record(author, 'member.unknown_email', null, { project_id: projectId, email });
    return 'no_such_user';
  }
  await deps.users.setMembership(user.id, projectId, input.role);
  await deps.audit.record(author, 'member.set', projectId, { user_id: user.id, role: input.role });
  return 'member_set';
}

export async function removeMember(
  deps: Pick<ConsoleDeps, 'users' | 'audit'>,
  author: Author,
  projectId: string,
  userId: string,
): Promise<void> {
  if (!(await deps.users.removeMembership(userId, projectId))) {
    throw new ConsoleError('NOT_FOUND', 'no such member');
  }
  await deps.audit.record(author, 'member.remove', projectId, { user_id: userId });
}
