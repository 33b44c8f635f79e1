import type { z } from 'zod';
import { LOCAL_SECRET_KEYS } from './sealed-box.js';

// The one rule for every secret a service reads from its environment (docs/security.md,
// "Production mode"). OTP_ENV=production (also when unset: a forgotten variable must not open the
// door) requires each secret and refuses any value published in this repository; OTP_ENV=local
// (the launcher sets it for `npm start` and the test suites) fills in the local defaults.

export const OTP_ENVS = ['production', 'local'] as const;
export type OtpEnv = (typeof OTP_ENVS)[number];

/** The admin token of the local run (scripts/local-run.mjs) and otpctl's fallback in local mode. */
export const LOCAL_ADMIN_TOKEN = 'dev-admin-token';

/** Every secret value that appears in this repository (defaults, the local run, the suites). */
export const SAMPLE_SECRETS: ReadonlySet<string> = new Set([
  ...Object.values(LOCAL_SECRET_KEYS),
  LOCAL_ADMIN_TOKEN,
  'test-admin-token',
  'sandbox-token',
  'sandbox',
]);

export interface SecretOptions {
  /** The value in local mode when the variable is unset: it must be one of SAMPLE_SECRETS. */
  localDefault?: string;
  /** A variable whose presence makes this secret unused (e.g. a file holding the credentials). */
  unusedWith?: string;
}

/** Each secret's schema and its options (a plain map: a zod registry drops empty options). */
const SECRETS = new WeakMap<z.ZodType, SecretOptions>();

/** A variable holding a secret: the rule of OTP_ENV applies to it in loadConfig. */
export function secret<T extends z.ZodType<string, string>>(format: T, options: SecretOptions = {}): T {
  // A clone: one format (secretKeyHex) serves several secrets with options of their own.
  const copy: z.ZodType<string, string> = format.clone();
  SECRETS.set(copy, options);
  return copy as T;
}

export function secretOptions(schema: z.ZodType): SecretOptions | undefined {
  return SECRETS.get(schema);
}

/** OTP_ENV as given: unset or empty is production. */
export function otpEnvOf(env: Record<string, string | undefined>): OtpEnv | undefined {
  const given = env.OTP_ENV || 'production';
  return (OTP_ENVS as readonly string[]).includes(given) ? (given as OtpEnv) : undefined;
}

export type SecretVerdict = { ok: true; value: string | undefined } | { ok: false; problem: string };

/**
 * The value a secret takes under `mode`, or why it is refused. The problem names the variable and
 * never shows its value (it ends up in logs).
 */
export function judgeSecret(
  name: string,
  given: string | undefined,
  options: SecretOptions,
  mode: OtpEnv,
  env: Record<string, string | undefined>,
): SecretVerdict {
  const unused = options.unusedWith !== undefined && Boolean(env[options.unusedWith]);
  if (mode === 'local') return { ok: true, value: given || options.localDefault };
  if (!given) {
    // Unused: empty, so the service's own format still parses it.
    if (unused) return { ok: true, value: '' };
    return { ok: false, problem: `${name} is required when OTP_ENV=production: set a secret of your own` };
  }
  if (SAMPLE_SECRETS.has(given)) {
    return {
      ok: false,
      problem: `${name} holds a sample value published in the repository, refused when OTP_ENV=production: set a secret of your own`,
    };
  }
  return { ok: true, value: given };
}
