import { z } from 'zod';
import { isAddressList } from './grpc/address.js';
import { judgeSecret, otpEnvOf, OTP_ENVS, secretOptions } from './secrets/production-secrets.js';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Parses the environment once against a service's zod schema. A bad value stops the process
 * with a message naming each variable, instead of failing later somewhere deep.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const { resolved, problems } = applySecretRule(schema, env);
  const result = schema.safeParse(resolved);
  if (result.success && problems.length === 0) return result.data;
  const judged = new Set(problems.map((problem) => problem.split(' ')[0]));
  for (const issue of result.error?.issues ?? []) {
    const name = issue.path.join('.') || '(env)';
    if (!judged.has(name)) problems.push(`${name}: ${issue.message}`);
  }
  throw new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`);
}

/** The environment with each secret as OTP_ENV rules it (secrets/production-secrets.ts), and what it refused. */
function applySecretRule(
  schema: z.ZodType,
  env: Record<string, string | undefined>,
): { resolved: Record<string, string | undefined>; problems: string[] } {
  const mode = otpEnvOf(env);
  if (mode === undefined) return { resolved: env, problems: [`OTP_ENV: must be one of ${OTP_ENVS.join(', ')}`] };
  const resolved = { ...env };
  const problems: string[] = [];
  // Every service's schema is an object (a zod 4 refinement keeps it one): its fields name the variables.
  const shape: Record<string, z.ZodType> = schema instanceof z.ZodObject ? schema.shape : {};
  for (const [name, field] of Object.entries(shape)) {
    const options = secretOptions(field);
    if (!options) continue;
    const verdict = judgeSecret(name, env[name], options, mode, env);
    if (verdict.ok) resolved[name] = verdict.value;
    else problems.push(verdict.problem);
  }
  return { resolved, problems };
}

/** Env booleans: "true"/"1"/"yes" and "false"/"0"/"no"; anything else is a config error. */
export const envBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const envPort = z.coerce.number().int().min(0).max(65535);

/**
 * The gRPC ports of the local run (`npm start`, docs/configuration.md): each service's own default and
 * its peers' default addresses, and the launcher's. Below Linux's ephemeral range (32768-60999),
 * so an outgoing connection of a service started earlier can never be given a later service's
 * port before that service binds it. The Helm chart sets its own (50051-50056).
 */
export const LOCAL_GRPC_PORTS = {
  billing: 15051,
  sms: 15052,
  messenger: 15053,
  verify: 15054,
  webhooks: 15055,
  guard: 15056,
} as const;

/** A peer's default address in the local run (`127.0.0.1:<its LOCAL_GRPC_PORTS port>`). */
export function localPeer(service: keyof typeof LOCAL_GRPC_PORTS): string {
  return `127.0.0.1:${LOCAL_GRPC_PORTS[service]}`;
}

const HOST_PORT = /^[^\s:,]+:\d+$|^\[[0-9a-fA-F:.]+\]:\d+$/;

/**
 * A gRPC peer: `host:port`, or a comma list of them (the replicas of one service; the client
 * spreads calls over them round robin). Spaces around commas are dropped.
 */
export const peerAddress = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part.length > 0)
      .join(','),
  )
  .refine((value) => value.length > 0 && value.split(',').every((part) => HOST_PORT.test(part)), {
    message: 'expected host:port or a comma list of host:port',
  })
  .refine((value) => !value.includes(',') || isAddressList(value), {
    message:
      'a comma list takes IP addresses of one family (or localhost); give replicas behind a name as one DNS name',
  });

/** Variables every service shares. */
export const commonConfig = {
  /** pino level: fatal, error, warn, info, debug, trace, silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Deadline for every outgoing gRPC call, in milliseconds. */
  GRPC_DEADLINE_MS: z.coerce.number().int().positive().default(5000),
  /** Most gRPC calls one process serves at once; more wait in a short queue (RPC_QUEUE_MS). */
  RPC_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(128),
  /** How long a gRPC call may wait for a free slot before it is refused as unavailable, in milliseconds. */
  RPC_QUEUE_MS: z.coerce.number().int().min(0).default(500),
  /** How long a SIGTERM waits for in-flight work before exiting anyway, in milliseconds. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10000),
};

/** Variables of the services that own money-moving intents (sms, messenger, verify). */
export const recoveryConfig = {
  /** How often the recovery pass looks for interrupted requests and money still to give back, in milliseconds. */
  RECOVERY_INTERVAL_MS: z.coerce.number().int().min(50).default(5000),
  /**
   * How old an unfinished request must be before the recovery pass treats it as abandoned and
   * finishes or undoes it, in milliseconds; longer than any caller's deadline.
   */
  RECOVERY_AFTER_MS: z.coerce.number().int().min(100).default(30000),
};

/**
 * Services that consume events carrying money or state (verify's channel statuses, guard's
 * conversions): redelivery never stops (bus/jetstream.ts, runConsumer), only its wait grows.
 */
export const consumerConfig = {
  /** Longest wait between two deliveries of an event its handler failed (100 ms, doubling up to this), in milliseconds. */
  CONSUMER_RETRY_MAX_MS: z.coerce.number().int().min(10).default(10_000),
  /** Failed deliveries of one event after which it is logged as an error and counted in jetstream_messages_stuck_total (and again every as many more). */
  CONSUMER_ALARM_DELIVERIES: z.coerce.number().int().min(1).default(30),
};

/** The redelivery a service's consumerConfig variables describe (runConsumer's `Redelivery`). */
export function redeliveryOf(config: { CONSUMER_RETRY_MAX_MS: number; CONSUMER_ALARM_DELIVERIES: number }) {
  return { retryMaxMs: config.CONSUMER_RETRY_MAX_MS, alarmAfter: config.CONSUMER_ALARM_DELIVERIES };
}

/** Data retention (retention.ts), how the task runs: every service that deletes old records. */
export const retentionTaskConfig = {
  /** How often the retention pass looks for rows past their retention, in milliseconds. */
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(50).default(60_000),
  /** Most rows one delete statement removes (a pass repeats it until nothing due is left). */
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(500),
};

/** Services that keep per-message records (messages, codes, verifications, deliveries, money keys). */
export const retentionConfig = {
  ...retentionTaskConfig,
  /** Days a finished record is kept; 0 keeps records forever. The ledger is never deleted. */
  RETENTION_DAYS: z.coerce.number().int().min(0).default(90),
};

/** Services with an outbox (sms, messenger, verify). */
export const outboxRetentionConfig = {
  /** Hours a published outbox row is kept; 0 keeps them forever. Unpublished rows are never deleted. */
  OUTBOX_RETENTION_HOURS: z.coerce.number().int().min(0).default(24),
};
