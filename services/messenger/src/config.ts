import {
  busConfig,
  commonConfig,
  envPort,
  loadConfig,
  outboxRetentionConfig,
  peerAddress,
  recoveryConfig,
  retentionConfig,
  LOCAL_GRPC_PORTS,
  localPeer,
  secret,
} from '@otp/platform';
import { z } from 'zod';

const schema = z.object({
  ...commonConfig,
  ...recoveryConfig,
  ...retentionConfig,
  ...outboxRetentionConfig,
  /** Postgres URL; messenger uses its own schema in this database. */
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/otp'),
  /** Postgres schema holding messenger's tables. */
  DATABASE_SCHEMA: z.string().default('messenger'),
  /** NATS server (JetStream on); the outbox relay publishes status events there. Its own NATS user: busConfig. */
  ...busConfig,
  /** Address the gRPC server listens on. */
  GRPC_HOST: z.string().default('127.0.0.1'),
  /** Port of the Messenger gRPC service (0 picks a free port). */
  GRPC_PORT: envPort.default(LOCAL_GRPC_PORTS.messenger),
  /** Billing gRPC address (host:port, or a comma list of the replicas' host:port): charges and refunds of the messenger fee. */
  BILLING_ADDR: peerAddress.default(localPeer('billing')),
  /** Base URL of the messenger provider's gateway API (the method name is appended). */
  MESSENGER_API_URL: z.string().url().default('http://127.0.0.1:4010/messenger-api'),
  /** Bearer token of the provider account; also the key material of its report signatures. Local default: the sandbox's. */
  MESSENGER_API_TOKEN: secret(z.string().min(1), { localDefault: 'sandbox-token' }),
  /** Where the provider posts delivery reports: the gateway's public report route. */
  MESSENGER_REPORT_URL: z.string().url().default('http://127.0.0.1:8080/provider/messenger/reports'),
  /** Deadline of each provider HTTP call, in milliseconds. */
  MESSENGER_API_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /**
   * Codes whose copy (as this process last wrote it) is kept for their provider reports to decide
   * on without reading the row; the change proves each copy current. 0 keeps none.
   */
  MESSENGER_KEPT_COPIES: z.coerce.number().int().min(0).default(10_000),
  /** Reports whose timestamp is further than this from now are refused (replay window), in seconds. */
  REPORT_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(300),
  /** How often the undelivered-code check runs for codes with a callback, in milliseconds. */
  EXPIRY_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(5000),
  /** Wait after expiry before calling a code undelivered (a late report may be in flight), in milliseconds. */
  EXPIRY_GRACE_MS: z.coerce.number().int().nonnegative().default(2000),
  /** Smallest accepted code expiry in seconds. The product range starts at 30; tests lower it. */
  MIN_TTL_SECONDS: z.coerce.number().int().min(1).max(30).default(30),
});

export type Config = z.infer<typeof schema>;
export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(schema, env);
