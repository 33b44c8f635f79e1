import { commonConfig, envPort, loadConfig, retentionConfig, LOCAL_GRPC_PORTS } from '@otp/platform';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const schema = z.object({
  ...commonConfig,
  ...retentionConfig,
  /** Postgres URL; billing uses its own schema in this database. */
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/otp'),
  /** Postgres schema holding billing's tables. */
  DATABASE_SCHEMA: z.string().default('billing'),
  /** Address the gRPC server listens on. */
  GRPC_HOST: z.string().default('127.0.0.1'),
  /** Port of the Billing gRPC service (0 picks a free port). */
  GRPC_PORT: envPort.default(LOCAL_GRPC_PORTS.billing),
  /** The SMS rate card shipped as data; loaded into billing.sms_rates at start. */
  RATE_CARD_PATH: z.string().default(fileURLToPath(new URL('../data/sms-rates.json', import.meta.url))),
});

export type Config = z.infer<typeof schema>;
export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(schema, env);
