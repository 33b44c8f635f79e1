import type { AdminClient } from './admin-client.js';
import { CliError } from './admin-client.js';

/** `otpctl <words...> [positionals] [--flag value]` after the command's words are taken off. */
export interface CommandArgs {
  positionals: string[];
  flags: Map<string, string | true>;
}

export interface CommandContext {
  admin: AdminClient;
  /** Prints `value` as JSON under --json, else the readable summary. */
  show(value: unknown, summary: string): void;
}

export interface Command {
  /** The words that select it, e.g. ["projects", "create"]. */
  words: string[];
  usage: string;
  summary: string;
  /** Flags that take a value (`--note text`); any other --flag is a switch. */
  valueFlags?: string[];
  run(args: CommandArgs, context: CommandContext): Promise<void>;
}

export function positional(args: CommandArgs, index: number, name: string): string {
  const value = args.positionals[index];
  if (value === undefined || value === '') throw new CliError(`missing <${name}>`);
  return value;
}

export function flag(args: CommandArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  if (value === true) throw new CliError(`--${name} needs a value`);
  return value;
}
