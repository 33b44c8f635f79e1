import {
  busConfig,
  commonConfig,
  consumerConfig,
  envPort,
  loadConfig,
  outboxRetentionConfig,
  peerAddress,
  retentionConfig,
  LOCAL_GRPC_PORTS,
  localPeer,
} from '@otp/platform';
import { z } from 'zod';

const schema = z.object({
  ...commonConfig,
  ...retentionConfig,
  ...outboxRetentionConfig,
  ...consumerConfig,
  /** Postgres URL; guard uses its own schema in this database. */
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/otp'),
  /** Postgres schema holding guard's tables. */
  DATABASE_SCHEMA: z.string().default('guard'),
  /** NATS with JetStream: fraud events go out here, verification outcomes come in here. Its own NATS user: busConfig. */
  ...busConfig,
  /** Address the gRPC server listens on. */
  GRPC_HOST: z.string().default('127.0.0.1'),
  /** Port of the Guard gRPC service (0 picks a free port). */
  GRPC_PORT: envPort.default(LOCAL_GRPC_PORTS.guard),
  /** Billing (host:port or a comma list): the daily spend limit is handed to it. */
  BILLING_ADDR: peerAddress.default(localPeer('billing')),
});

export type Config = z.infer<typeof schema>;
export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(schema, env);
