import type { Command } from '../command.js';
import { CliError } from '../admin-client.js';
import { flag } from '../command.js';

// Console users: the console keeps its people (schema `console`), so otpctl asks the console's
// own admin route on its admin port, with the same admin token, instead of the gateway's admin API.

interface CreatedUser {
  id: string;
  email: string;
  operator: boolean;
  /** Present only when the console generated it: shown here once. */
  password?: string;
}

export const commands: Command[] = [
  {
    words: ['users', 'create'],
    usage: 'users create --email <email> [--operator] [--password <password>]',
    valueFlags: ['email', 'password'],
    summary: 'a console user (--operator: platform-wide); without --password one is generated and shown once',
    async run(args, { consoleAdmin, show }) {
      const email = flag(args, 'email');
      if (!email) throw new CliError('missing --email <email>');
      const password = flag(args, 'password');
      const user = await consoleAdmin.request<CreatedUser>('POST', '/users', {
        email,
        operator: args.flags.has('operator'),
        ...(password === undefined ? {} : { password }),
      });
      const role = user.operator ? 'operator' : 'user';
      show(
        user,
        [`${role} ${user.email} (${user.id})`, ...(user.password ? [`password: ${user.password}`] : [])].join('\n'),
      );
    },
  },
];
