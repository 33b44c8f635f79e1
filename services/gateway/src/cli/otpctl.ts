#!/usr/bin/env node
// otpctl: the admin API from a shell. One subcommand per admin route; each resource's commands
// live in ./commands/<resource>.ts (add a file there and one entry to COMMAND_FILES below).
import { LOCAL_ADMIN_TOKEN, otpEnvOf } from '@otp/platform/production-secrets';
import { adminClient, CliError } from './admin-client.js';
import type { Command, CommandArgs } from './command.js';
import { commands as apiKeys } from './commands/api-keys.js';
import { commands as carriers } from './commands/carriers.js';
import { commands as credits } from './commands/credits.js';
import { commands as fraud } from './commands/fraud.js';
import { commands as ipAllowlist } from './commands/ip-allowlist.js';
import { commands as ledger } from './commands/ledger.js';
import { commands as messenger } from './commands/messenger.js';
import { commands as projects } from './commands/projects.js';
import { commands as smsRates } from './commands/sms-rates.js';
import { commands as verify } from './commands/verify.js';
import { commands as sms } from './commands/sms.js';
import { commands as users } from './commands/users.js';
import { commands as webhooks } from './commands/webhooks.js';

const COMMAND_FILES: Command[][] = [
  projects,
  apiKeys,
  ipAllowlist,
  credits,
  ledger,
  smsRates,
  sms,
  carriers,
  messenger,
  verify,
  fraud,
  webhooks,
  users,
];
const COMMANDS = COMMAND_FILES.flat();

/** Help fits a terminal of this many columns. */
export const HELP_WIDTH = 100;
const INDENT = '      ';

/** `text` broken at spaces into lines of at most `width` (unless one word is longer), later lines indented. */
function wrap(text: string, first: string, rest: string, width: number): string[] {
  const lines: string[] = [];
  let line = first;
  // A bracketed or <angled> group is one word: `[--callback-url <url>|none]` never splits.
  for (const word of text.match(/(?:\[[^\]]*\]|<[^>]*>|[^\s[<])+/g) ?? []) {
    const start = line === first || line === rest;
    if (!start && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest;
    }
    line += line === first || line === rest ? word : ` ${word}`;
  }
  lines.push(line);
  return lines;
}

export function usage(): string {
  return [
    'usage: otpctl [--json] <command>',
    '',
    ...COMMANDS.flatMap((c) => [
      ...wrap(c.usage, '  ', INDENT, HELP_WIDTH),
      ...wrap(c.summary, INDENT, INDENT, HELP_WIDTH),
    ]),
    '',
    ...wrap(
      'env: OTP_ADMIN_URL (default http://127.0.0.1:8081), OTP_ADMIN_TOKEN (required; dev-admin-token when ' +
        'OTP_ENV=local), ' +
        "OTP_CONSOLE_URL (the console's admin port, default http://127.0.0.1:8091, for users)",
      '',
      '  ',
      HELP_WIDTH,
    ),
  ].join('\n');
}

/** Splits argv into words/positionals and --flags (`--name value`, `--name=value`, bare `--off`). */
export function parseArgv(
  argv: readonly string[],
  valueFlags: ReadonlySet<string>,
): { words: string[]; flags: Map<string, string | true> } {
  const words: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) flags.set(name, inline);
    else if (valueFlags.has(name) && i + 1 < argv.length) flags.set(name, argv[++i]!);
    else flags.set(name, true);
  }
  return { words, flags };
}

const VALUE_FLAGS = new Set(COMMANDS.flatMap((c) => c.valueFlags ?? []));

function find(words: string[]): { command: Command; args: CommandArgs['positionals'] } | undefined {
  const matches = COMMANDS.filter((c) => c.words.every((word, i) => words[i] === word));
  const best = matches.sort((a, b) => b.words.length - a.words.length)[0];
  return best ? { command: best, args: words.slice(best.words.length) } : undefined;
}

async function main(argv: string[]): Promise<number> {
  const { words, flags } = parseArgv(argv, VALUE_FLAGS);
  if (words.length === 0 || flags.has('help')) {
    process.stdout.write(`${usage()}\n`);
    return words.length === 0 && !flags.has('help') ? 2 : 0;
  }
  const found = find(words);
  if (!found) {
    process.stderr.write(`otpctl: unknown command "${words.join(' ')}"\n\n${usage()}\n`);
    return 2;
  }
  const json = flags.has('json');
  flags.delete('json');
  // The local run's token only when asked for (OTP_ENV=local): a forgotten variable is an error.
  const token = process.env.OTP_ADMIN_TOKEN || (otpEnvOf(process.env) === 'local' ? LOCAL_ADMIN_TOKEN : undefined);
  if (token === undefined)
    throw new CliError("set OTP_ADMIN_TOKEN (the admin token; OTP_ENV=local uses the local run's)");
  const admin = adminClient(process.env.OTP_ADMIN_URL ?? 'http://127.0.0.1:8081', token);
  // The console's admin port (CONSOLE_ADMIN_PORT), not its public one: the route is not served there.
  const consoleAdmin = adminClient(process.env.OTP_CONSOLE_URL ?? 'http://127.0.0.1:8091', token, {
    name: 'the console',
    urlVariable: 'OTP_CONSOLE_URL',
  });
  await found.command.run(
    { positionals: found.args, flags },
    {
      admin,
      consoleAdmin,
      show: (value, summary) => process.stdout.write(`${json ? JSON.stringify(value, null, 2) : summary}\n`),
    },
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`otpctl: ${error instanceof CliError ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
