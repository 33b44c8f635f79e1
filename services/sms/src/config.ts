import { commonConfig, envPort, loadConfig, peerAddress, recoveryConfig } from '@otp/platform';
import { z } from 'zod';

const schema = z.object({
  ...commonConfig,
  ...recoveryConfig,
  /** Postgres URL; sms uses its own schema in this database. */
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/otp'),
  /** Postgres schema holding sms's tables. */
  DATABASE_SCHEMA: z.string().default('sms'),
  /** NATS with JetStream: the sms.outbound work queue and the events stream. */
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Address the gRPC server listens on. */
  GRPC_HOST: z.string().default('127.0.0.1'),
  /** Port of the Sms gRPC service (0 picks a free port). */
  GRPC_PORT: envPort.default(50052),
  /** Billing's gRPC address (host:port, or a comma list of the replicas' host:port). */
  BILLING_ADDR: peerAddress.default('127.0.0.1:50051'),
  /** The carrier's SMPP 3.4 endpoint. */
  SMPP_HOST: z.string().default('127.0.0.1'),
  SMPP_PORT: envPort.default(2775),
  /** Credentials of the transceiver bind. */
  SMPP_SYSTEM_ID: z.string().default('otp'),
  SMPP_PASSWORD: z.string().default('sandbox'),
  /** Idle period between enquire_link PDUs that keep the bound session open, in milliseconds. */
  SMPP_ENQUIRE_LINK_MS: z.coerce.number().int().positive().default(30000),
  /** Wait before reconnecting after the session is lost, in milliseconds. */
  SMPP_RECONNECT_MS: z.coerce.number().int().positive().default(1000),
  /** How long a submit_sm (or a wait for the bind) may take before it counts as failed, in milliseconds. */
  SMPP_SUBMIT_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  /** First retry delay after a failed submit; each later retry doubles it, in milliseconds. */
  SMS_RETRY_BASE_MS: z.coerce.number().int().positive().default(2000),
  /** How long a queued SMS handed to a worker may stay unacknowledged before it is redelivered (after a worker crash), in milliseconds. Must exceed a full submit of the longest message. */
  SMS_ACK_WAIT_MS: z.coerce.number().int().positive().default(60000),
  /** Messages the delivery worker hands to the carrier at once. */
  SMS_WORKER_CONCURRENCY: z.coerce.number().int().positive().default(16),
  /** How long Send waits for JetStream to confirm the queue publish before answering QUEUE_UNAVAILABLE, in milliseconds. */
  SMS_QUEUE_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
});

export type Config = z.infer<typeof schema>;
export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(schema, env);
