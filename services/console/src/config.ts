import { commonConfig, envBoolean, envPort, loadConfig, LOCAL_SECRET_KEYS, secret, secretKeyHex } from '@otp/platform';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** An unset or empty variable is absent (a chart may render the name with an empty value). */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

const schema = z.object({
  LOG_LEVEL: commonConfig.LOG_LEVEL,
  SHUTDOWN_GRACE_MS: commonConfig.SHUTDOWN_GRACE_MS,
  /** Postgres URL; the console uses its own schema in this database. */
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/otp'),
  /** Postgres schema holding the console's users, memberships, sessions and audit. */
  DATABASE_SCHEMA: z.string().default('console'),
  /** Address the HTTP server listens on. */
  HOST: z.string().default('127.0.0.1'),
  /** Port of the console (web app and its JSON routes; 0 picks a free port). */
  PORT: envPort.default(8090),
  /**
   * Port of the console's admin route (`POST /admin/v1/users`, the admin token), on HOST too.
   * Never behind an Ingress: the chart gives it a cluster-internal Service of its own.
   */
  CONSOLE_ADMIN_PORT: envPort.default(8091),
  /** The gateway's admin API, e.g. http://127.0.0.1:8081 (the console calls /admin/v1 there). */
  ADMIN_API_URL: z.string().url().default('http://127.0.0.1:8081'),
  /** The admin API's token; only the console's server holds it, never the browser. */
  ADMIN_TOKEN: secret(z.string().min(1)),
  /** How long a sign-in lasts. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /** Send cookies with `Secure` (behind HTTPS). Local runs over plain http set it false. */
  COOKIE_SECURE: envBoolean.default(true),
  /**
   * Failed sign-ins allowed per email (and per client address) in LOGIN_WINDOW_MINUTES. Each
   * attempt counts before its password is checked; a right one given in time is taken off again.
   */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /** The throttling window. */
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** How often expired sessions and ended sign-in throttling windows are deleted. */
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(50).default(600_000),
  /** Deadline of one admin API call. */
  ADMIN_API_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
  /** The built web app (vite output). */
  WEB_ROOT: z.string().default(fileURLToPath(new URL('./web', import.meta.url))),
  /** Trust X-Forwarded-For from this many proxies in front (the Ingress), for throttling by address. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Key sealing the second factors' secrets at rest and signing the step between password and
   * code: 64 hex characters (openssl rand -hex 32). Required, unless OTP_ENV=local.
   */
  CONSOLE_TOTP_KEY: secret(secretKeyHex, { localDefault: LOCAL_SECRET_KEYS.consoleTotp }),
  /** Single sign-on (OpenID Connect), off unless all four are set: the provider's issuer URL. */
  CONSOLE_OIDC_ISSUER: optionalText.pipe(z.url().optional()),
  CONSOLE_OIDC_CLIENT_ID: optionalText,
  CONSOLE_OIDC_CLIENT_SECRET: optionalText,
  /** Where the provider sends people back: the console's `/api/sso/callback`, as browsers reach it. */
  CONSOLE_OIDC_REDIRECT_URL: optionalText.pipe(z.url().optional()),
});

const SSO_VARIABLES = [
  'CONSOLE_OIDC_ISSUER',
  'CONSOLE_OIDC_CLIENT_ID',
  'CONSOLE_OIDC_CLIENT_SECRET',
  'CONSOLE_OIDC_REDIRECT_URL',
] as const;

// Half a single sign-on setup is a mistake to report at start, not a button that fails later.
const checked = schema.superRefine((config, context) => {
  const set = SSO_VARIABLES.filter((name) => config[name] !== undefined);
  if (set.length > 0 && set.length < SSO_VARIABLES.length) {
    const missing = SSO_VARIABLES.filter((name) => config[name] === undefined);
    context.addIssue({ code: 'custom', path: [missing[0]!], message: `single sign-on needs ${missing.join(', ')}` });
  }
});

export type Config = z.infer<typeof schema>;
export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(checked, env);

/** The single sign-on settings, when configured. */
export function ssoSettings(config: Config) {
  const { CONSOLE_OIDC_ISSUER, CONSOLE_OIDC_CLIENT_ID, CONSOLE_OIDC_CLIENT_SECRET, CONSOLE_OIDC_REDIRECT_URL } = config;
  if (!CONSOLE_OIDC_ISSUER || !CONSOLE_OIDC_CLIENT_ID || !CONSOLE_OIDC_CLIENT_SECRET || !CONSOLE_OIDC_REDIRECT_URL) {
    return undefined;
  }
  return {
    issuer: CONSOLE_OIDC_ISSUER,
    clientId: CONSOLE_OIDC_CLIENT_ID,
    clientSecret: CONSOLE_OIDC_CLIENT_SECRET,
    redirectUrl: CONSOLE_OIDC_REDIRECT_URL,
  };
}
