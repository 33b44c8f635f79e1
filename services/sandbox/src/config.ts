import { CARRIER_NAME_PATTERN, commonConfig, envPort, loadConfig, secret } from '@otp/platform';
import { z } from 'zod';

const extraCarriers = z.array(
  z
    .object({
      name: z.string().regex(CARRIER_NAME_PATTERN),
      port: z.number().int().min(0).max(65535),
      decimal_receipt_ids: z.boolean().default(false),
    })
    .strict(),
);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const schema = z.object({
  ...commonConfig,
  /** Address both sandbox servers listen on. */
  HOST: z.string().default('127.0.0.1'),
  /** Dev inbox and the simulated messenger provider API (under /messenger-api). */
  HTTP_PORT: envPort.default(4010),
  /** The simulated SMS carrier (SMPP 3.4). */
  SMPP_PORT: envPort.default(2775),
  /**
   * More simulated carriers, each on its own port, as a JSON list:
   * [{"name":"beta","port":2776,"decimal_receipt_ids":false}]. They accept every submit unless a
   * test scripts them (PUT /carriers/{name}/rules); the default carrier ("sandbox", SMPP_PORT)
   * keeps the number-ending table.
   */
  SMPP_CARRIERS: z
    .string()
    .default('[]')
    .transform((text, ctx) => {
      const parsed = extraCarriers.safeParse(safeJson(text));
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'a JSON list of {name, port, decimal_receipt_ids?}' });
        return z.NEVER;
      }
      return parsed.data;
    }),
  /** Credentials every simulated carrier accepts on bind. */
  SMPP_SYSTEM_ID: z.string().default('otp'),
  SMPP_PASSWORD: secret(z.string(), { localDefault: 'sandbox' }),
  /** Bearer token the simulated messenger provider accepts. */
  MESSENGER_API_TOKEN: secret(z.string(), { localDefault: 'sandbox-token' }),
  /** How long the simulated messenger waits before each delivery report, in milliseconds. */
  MESSENGER_REPORT_DELAY_MS: z.coerce.number().int().nonnegative().default(300),
  /** How late the simulated messenger answers a send to a number ending in 98 (taken at once), in milliseconds. */
  MESSENGER_SLOW_ANSWER_MS: z.coerce.number().int().nonnegative().default(10_000),
  /** Messages kept in the inbox (oldest dropped first). */
  INBOX_LIMIT: z.coerce.number().int().positive().default(1000),
});

export type Config = z.infer<typeof schema>;
export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(schema, env);
