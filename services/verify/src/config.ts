import {
  busConfig,
  commonConfig,
  consumerConfig,
  envPort,
  loadConfig,
  outboxRetentionConfig,
  peerAddress,
  recoveryConfig,
  retentionConfig,
  secretKeyHex,
  LOCAL_SECRET_KEYS,
  LOCAL_GRPC_PORTS,
  localPeer,
  secret,
} from '@otp/platform';
import { z } from 'zod';

/** The documented local key: fine for `npm start` and tests, never for a real deployment. */
export const LOCAL_CODE_KEY = LOCAL_SECRET_KEYS.verifyCode;

const schema = z.object({
  ...commonConfig,
  /** Postgres URL; verify uses its own schema in this database. */
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/otp'),
  /** Postgres schema holding verify's tables. */
  DATABASE_SCHEMA: z.string().default('verify'),
  /** NATS with JetStream: the outbox relay publishes here, the channel-status consumer reads here. Its own NATS user: busConfig. */
  ...busConfig,
  /** Address the gRPC server listens on. */
  GRPC_HOST: z.string().default('127.0.0.1'),
  /** Port of the Verify gRPC service (0 picks a free port). */
  GRPC_PORT: envPort.default(LOCAL_GRPC_PORTS.verify),
  /** Peers (host:port, or a comma list of the replicas' host:port). */
  BILLING_ADDR: peerAddress.default(localPeer('billing')),
  SMS_ADDR: peerAddress.default(localPeer('sms')),
  MESSENGER_ADDR: peerAddress.default(localPeer('messenger')),
  /** 32 bytes as 64 hex characters: derives the key that seals codes at rest and the check HMAC key. */
  VERIFY_CODE_KEY: secret(secretKeyHex, { localDefault: LOCAL_CODE_KEY }),
  /** How often the timer looks for due fallbacks, expiries and unsettled finishes, in milliseconds. */
  VERIFY_TIMER_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  /**
   * Pending verifications whose copy (as this process last wrote it) is kept for checks to decide
   * on without reading the row; a write proves each copy current. 0 keeps none.
   */
  VERIFY_KEPT_COPIES: z.coerce.number().int().min(0).default(10_000),
  ...recoveryConfig,
  ...retentionConfig,
  ...outboxRetentionConfig,
  ...consumerConfig,
  /**
   * Divides the configured expiry and fallback wait (tests and demos only: 10 makes a 1-minute
   * expiry last 6 seconds). 1 in every real deployment.
   */
  VERIFY_TIME_SCALE: z.coerce.number().min(1).max(1000).default(1),
});

export type Config = z.infer<typeof schema>;
export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(schema, env);
