import {
  commonConfig,
  envBoolean,
  envPort,
  loadConfig,
  peerAddress,
  retentionTaskConfig,
  localPeer,
  secret,
} from '@otp/platform';
import { z } from 'zod';

const schema = z.object({
  ...commonConfig,
  ...retentionTaskConfig,
  /** Address both HTTP servers bind to ("::" listens on IPv4 and IPv6). */
  HOST: z.string().default('127.0.0.1'),
  /** Port of the public REST API (/v1). */
  PORT: envPort.default(8080),
  /** Port of the admin API (/admin/v1); keep it off the public network. */
  ADMIN_PORT: envPort.default(8081),
  /** Bearer token of the admin API. Required: there is no safe default (local run sets dev-admin-token). */
  ADMIN_TOKEN: secret(z.string().min(12, 'set ADMIN_TOKEN (at least 12 characters)')),
  /** Postgres URL; the gateway uses its own schema in this database. */
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/otp'),
  /** Postgres schema holding projects, API keys and IP allowlists. */
  DATABASE_SCHEMA: z.string().default('gateway'),
  /** gRPC peers (host:port, or a comma list of the replicas' host:port). */
  BILLING_ADDR: peerAddress.default(localPeer('billing')),
  SMS_ADDR: peerAddress.default(localPeer('sms')),
  MESSENGER_ADDR: peerAddress.default(localPeer('messenger')),
  VERIFY_ADDR: peerAddress.default(localPeer('verify')),
  WEBHOOKS_ADDR: peerAddress.default(localPeer('webhooks')),
  /** Guard (abuse defence): asked once before every start; down means starts answer 503. */
  GUARD_ADDR: peerAddress.default(localPeer('guard')),
  /**
   * Comma list of addresses/CIDRs of reverse proxies whose X-Forwarded-For is believed.
   * Empty (default): the socket address is the client, whatever the header says.
   */
  TRUSTED_PROXIES: z.string().default(''),
  /** Local mode only: accept loopback/private callback URLs. */
  ALLOW_PRIVATE_CALLBACKS: envBoolean.default(false),
  /** Largest JSON body accepted (bytes or a unit such as 64kb); larger ones get 413. */
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)?$/i, 'expected e.g. 65536 or 64kb')
    .default('64kb'),
  /** How long a verified API key is remembered in-process, in milliseconds (revocation evicts at once). */
  API_KEY_CACHE_MS: z.coerce.number().int().min(0).default(30000),
  /**
   * On SIGTERM, how long the gateway keeps serving (readiness already failing) before it closes its
   * listeners, so a load balancer stops sending first. 0 (local run): close at once.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** Most /v1 requests this process works on at once; more wait in a queue (admission control). */
  MAX_IN_FLIGHT: z.coerce.number().int().positive().default(64),
  /** How long a /v1 request may wait for a slot, in milliseconds, before it gets 503 + Retry-After. */
  ADMISSION_QUEUE_MS: z.coerce.number().int().min(0).default(1000),
  /** How long Idempotency-Key records are kept, in hours (at least the 24 the API promises). */
  IDEMPOTENCY_RETENTION_HOURS: z.coerce.number().int().min(24).default(24),
});

export type Config = z.infer<typeof schema>;
export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(schema, env);
