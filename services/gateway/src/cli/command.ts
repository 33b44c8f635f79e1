import type { AdminClient } from './admin-client.js';
import { CliError } from './admin-client.js';

/** `otpctl <words...> [positionals] [--flag value]` after the command's words are taken off. */
export interface CommandArgs {
  positionals: string[];
  flags: Map<string, string | true>;
}

export interface CommandContext {
  admin: AdminClient;
  /** The console's admin route (console users live in the console, not behind the gateway). */
  consoleAdmin: AdminClient;
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

/** `--enabled on|off` (true/false also read). */
export function onOff(value: string, name: string): boolean {
  if (value === 'on' || value === 'true') return true;
  if (value === 'off' || value === 'false') return false;
  throw new CliError(`--${name} takes on or off`);
}

export function wholeNumber(value: string, name: string): number {
  if (!/^\d+$/.test(value)) throw new CliError(`--${name} takes a whole number`);
  return Number(value);
}

/** flag name -> [body field, parser]: how a settings command reads its flags. */
export type SettingsFlags<T> = Record<string, [keyof T & string, (value: string, name: string) => unknown]>;

/** The PATCH body of a settings command: the fields whose flags were given, parsed. */
export function settingsBody<T>(args: CommandArgs, fields: SettingsFlags<T>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, [field, parse]] of Object.entries(fields)) {
    const value = flag(args, name);
    if (value !== undefined) body[field] = parse(value, name);
  }
  return body;
}

/** A --flag whose value "none" clears the setting (sent as null). */
export function clearable(value: string | undefined): string | null | undefined {
  return value === 'none' ? null : value;
}
