#!/usr/bin/env node
// otp-console: console users from a shell (the first operator, before anyone can sign in).
//   otp-console users create --email a@b.c [--password ...] [--operator]
//   otp-console users add-member --email a@b.c --project prj_... --role owner|developer|viewer
//   otp-console users reset-2fa --email a@b.c   (a lost device: enrol again at the next sign-in)
// Without --password a random one is generated and printed once. Reads DATABASE_URL like the service.
import { createLogger } from '@otp/platform';
import { z } from 'zod';
import { isProjectRole } from './domain/roles.js';
import { ConsoleError } from './http/errors.js';
import { addMember, createUser, generatedPassword } from './operations/people.js';
import { resetSecondFactor } from './operations/second-factor.js';
import { AuditTrail } from './store/audit.js';
import { openDatabase } from './store/database.js';
import { SecondFactors } from './store/second-factors.js';
import { Users } from './store/users.js';

const env = z
  .object({
    DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/otp'),
    DATABASE_SCHEMA: z.string().default('console'),
  })
  .parse(process.env);

function flag(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

const USAGE = `usage:
  otp-console users create --email <email> [--password <password>] [--operator]
  otp-console users add-member --email <email> --project <project id> --role owner|developer|viewer
  otp-console users reset-2fa --email <email>`;

async function main(args: string[]): Promise<number> {
  const [noun, verb] = args;
  const db = openDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA);
  const deps = {
    users: new Users(db),
    secondFactors: new SecondFactors(db),
    audit: new AuditTrail(db, createLogger('console-cli', 'warn')),
  };
  const author = { userId: null, email: 'cli' };
  try {
    if (noun === 'users' && verb === 'create') {
      const email = flag(args, 'email');
      if (!email) throw new ConsoleError('INVALID_REQUEST_BODY', '--email is required');
      const given = flag(args, 'password');
      const password = given ?? generatedPassword();
      const user = await createUser(deps, author, { email, password, operator: args.includes('--operator') });
      console.log(JSON.stringify({ id: user.id, email: user.email, operator: user.isOperator }));
      if (!given) console.log(`password: ${password}`);
      return 0;
    }
    if (noun === 'users' && verb === 'add-member') {
      const [email, project, role] = [flag(args, 'email'), flag(args, 'project'), flag(args, 'role')];
      if (!email || !project || !role || !isProjectRole(role)) {
        throw new ConsoleError('INVALID_REQUEST_BODY', '--email, --project and --role owner|developer|viewer');
      }
      // The shell of whoever runs the console may know who has a console user; owners are not told.
      if ((await addMember(deps, author, project, { email, role })) === 'no_such_user') {
        throw new ConsoleError('NOT_FOUND', `no console user with email ${email}: create it first`);
      }
      console.log(`${email} is ${role} of ${project}`);
      return 0;
    }
    if (noun === 'users' && verb === 'reset-2fa') {
      const email = flag(args, 'email');
      if (!email) throw new ConsoleError('INVALID_REQUEST_BODY', '--email is required');
      await resetSecondFactor(deps, author, email);
      console.log(
        `${email} has no second factor now and is signed out everywhere; they enrol again at their next sign-in`,
      );
      return 0;
    }
    console.error(USAGE);
    return 2;
  } catch (error) {
    if (error instanceof ConsoleError) {
      console.error(`${error.code}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await db.$disconnect();
  }
}

process.exitCode = await main(process.argv.slice(2));
