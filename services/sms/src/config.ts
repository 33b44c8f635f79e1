import {
  busConfig,
  commonConfig,
  envPort,
  loadConfig,
  outboxRetentionConfig,
  peerAddress,
  recoveryConfig,
  retentionConfig,
  secretKeyHex,
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
  /** Postgres URL; sms uses its own schema in this database. */
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/otp'),
  /** Postgres schema holding sms's tables. */
  DATABASE_SCHEMA: z.string().default('sms'),
  /** NATS with JetStream: the sms.outbound work queue and the events stream. Its own NATS user: busConfig. */
  ...busConfig,
  /** Address the gRPC server listens on. */
  GRPC_HOST: z.string().default('127.0.0.1'),
  /** Port of the Sms gRPC service (0 picks a free port). */
  GRPC_PORT: envPort.default(LOCAL_GRPC_PORTS.sms),
  /** Billing's gRPC address (host:port, or a comma list of the replicas' host:port). */
  BILLING_ADDR: peerAddress.default(localPeer('billing')),
  /** The carriers file (JSON or YAML: carriers, binds, limits, routes; docs/sms.md "Carriers and routes"). Unset: one carrier from the SMPP_* variables below takes every destination. */
  SMS_CARRIERS_FILE: z.string().optional(),
  /** The single carrier's SMPP 3.4 endpoint (no carriers file). */
  SMPP_HOST: z.string().default('127.0.0.1'),
  SMPP_PORT: envPort.default(2775),
  /** Credentials of the transceiver bind (the password is unused with a carriers file, which holds its own). */
  SMPP_SYSTEM_ID: z.string().default('otp'),
  SMPP_PASSWORD: secret(z.string(), { localDefault: 'sandbox', unusedWith: 'SMS_CARRIERS_FILE' }),
  /** The bind's system_type (empty for most SMSCs). */
  SMPP_SYSTEM_TYPE: z.string().default(''),
  /** The single carrier's name, as the SMS resource and GET /admin/v1/carriers show it. */
  SMPP_CARRIER_NAME: z.string().default('sandbox'),
  /** The single carrier's binds, window (submits awaiting a response, per bind) and submits per second (per bind). */
  SMPP_BINDS: z.coerce.number().int().min(1).max(32).default(1),
  /** What one bind of the single carrier is: `transceiver` (one session) or `transmitter_receiver` (a pair, for carriers that require it). */
  SMPP_BIND_TYPE: z.enum(['transceiver', 'transmitter_receiver']).default('transceiver'),
  SMPP_WINDOW: z.coerce.number().int().min(1).max(1000).default(10),
  SMPP_TPS: z.coerce.number().int().min(1).max(100000).default(200),
  /** The single carrier's data_coding for ASCII text: 0 GSM 03.38 (IA5 when the escaped text would not fit its billed parts), 1 IA5, 3 Latin-1 (other text always goes as 8, UCS-2). */
  SMPP_DATA_CODING: z
    .enum(['0', '1', '3'])
    .default('0')
    .transform((v) => Number(v) as 0 | 1 | 3),
  /** How the single carrier writes its message ids (submit_sm_resp, receipted_message_id): hex, decimal or opaque (compared as text). */
  SMPP_ID_FORMAT: z.enum(['hex', 'decimal', 'opaque']).default('opaque'),
  /** How it writes the id in its receipts' text (`id:...`) when that differs from SMPP_ID_FORMAT (hex and decimal mix; opaque only with opaque). */
  SMPP_RECEIPT_TEXT_ID_FORMAT: z.enum(['hex', 'decimal', 'opaque']).optional(),
  /** Idle period between enquire_link PDUs that keep the bound session open, in milliseconds. */
  SMPP_ENQUIRE_LINK_MS: z.coerce.number().int().positive().default(30000),
  /** Wait before reconnecting after the session is lost, in milliseconds. */
  SMPP_RECONNECT_MS: z.coerce.number().int().positive().default(1000),
  /** How long a submit_sm (or any request to the carrier) may wait for its answer before the session is reset (unbind, reconnect) and the message fails over, in milliseconds. */
  SMPP_SUBMIT_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  /** After a throttling answer, how often a bind gives back a window slot and a tenth of its TPS, in milliseconds. */
  SMPP_THROTTLE_RECOVER_MS: z.coerce.number().int().positive().default(1000),
  /** How long a throttled message (or one no carrier can take now) waits before it is tried again, in milliseconds; a number a carrier throttles again and again waits twice as long each time, up to 16 times this. Such waits spend none of its retries. */
  SMS_THROTTLE_RETRY_MS: z.coerce.number().int().positive().default(1000),
  /** A message still unsent this long after it was created fails (throttling and carriers down no longer wait), in milliseconds. */
  SMS_MAX_AGE_MS: z.coerce.number().int().positive().default(3_600_000),
  /**
   * One-part messages whose copy (as this process wrote them `sent`) is kept for their receipt to
   * settle them in the statement that stores it, for an hour at most. 0 keeps none.
   */
  SMS_KEPT_COPIES: z.coerce.number().int().min(0).default(10_000),
  /** How often receipts that arrived before their message's carrier ids were stored are matched again, in milliseconds. */
  SMS_RECEIPT_PASS_MS: z.coerce.number().int().positive().default(5000),
  /** First retry delay after a failed submit; each later retry doubles it, in milliseconds. */
  SMS_RETRY_BASE_MS: z.coerce.number().int().positive().default(2000),
  /** How long a queued SMS handed to a worker may stay unacknowledged before it is redelivered (after a worker crash), in milliseconds. Must exceed a full submit of the longest message. */
  SMS_ACK_WAIT_MS: z.coerce.number().int().positive().default(60000),
  /** Messages the delivery worker hands to the carrier at once. */
  SMS_WORKER_CONCURRENCY: z.coerce.number().int().positive().default(16),
  /** How long Send waits for JetStream to confirm the queue publish before answering QUEUE_UNAVAILABLE, in milliseconds. */
  SMS_QUEUE_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  /**
   * 32 bytes as 64 hex characters, required: derives the key that seals the text of Verify's SMS
   * (it holds a code) while the message can still be submitted. Changing it makes the sealed
   * texts of messages still on their way unreadable (they fail).
   */
  SMS_BODY_KEY: secret(secretKeyHex),
});

export type Config = z.infer<typeof schema>;
export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(schema, env);
