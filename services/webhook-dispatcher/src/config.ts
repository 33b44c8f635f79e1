import {
  busConfig,
  commonConfig,
  envBoolean,
  envPort,
  loadConfig,
  retentionConfig,
  secret,
  secretKeyHex,
  LOCAL_GRPC_PORTS,
  LOCAL_SECRET_KEYS,
} from '@otp/platform';
import { z } from 'zod';

const schema = z.object({
  ...commonConfig,
  ...retentionConfig,
  /** Postgres URL; the dispatcher uses its own schema in this database. */
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/otp'),
  /** Postgres schema holding the dispatcher's tables. */
  DATABASE_SCHEMA: z.string().default('webhooks'),
  /** NATS server with JetStream (events are consumed from stream EVENTS). Its own NATS user: busConfig. */
  ...busConfig,
  /**
   * 32 bytes as 64 hex characters: derives the key that seals the projects' signing secrets at rest.
   * Changing it leaves the stored secrets unreadable: the dispatcher refuses to start.
   */
  WEBHOOK_SECRET_KEY: secret(secretKeyHex, { localDefault: LOCAL_SECRET_KEYS.webhookSecret }),
  /** Address the gRPC server listens on. */
  GRPC_HOST: z.string().default('127.0.0.1'),
  /** Port of the Webhooks gRPC service (0 picks a free port). */
  GRPC_PORT: envPort.default(LOCAL_GRPC_PORTS.webhooks),
  /** Local runs only: allow callback targets on loopback/private/link-local addresses. */
  ALLOW_PRIVATE_TARGETS: envBoolean.default(false),
  /** Per-attempt limit for connecting, sending and reading the response, in milliseconds. */
  ATTEMPT_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  /** Multiplies every wait of the retry schedule (tests use e.g. 0.001); 1 in production. */
  RETRY_DELAY_SCALE: z.coerce.number().positive().max(1).default(1),
  /** Attempts in flight at once, over all endpoints (per dispatcher process). */
  MAX_IN_FLIGHT: z.coerce.number().int().positive().default(64),
  /** Attempts in flight at once to one endpoint (host:port), so a slow one cannot use every slot. */
  MAX_IN_FLIGHT_PER_HOST: z.coerce.number().int().positive().default(4),
  /** How often the delivery loop looks for due deliveries when nothing woke it, in milliseconds. */
  POLL_INTERVAL_MS: z.coerce.number().int().positive().default(500),
  /** How much of a response body is kept per attempt, in bytes. */
  RESPONSE_SNIPPET_BYTES: z.coerce.number().int().min(0).max(65536).default(1024),
});

export type Config = z.infer<typeof schema>;
export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(schema, env);
