import { DomainError, formatCents, normalizePhone, parseAmount } from '@otp/platform';
import { z } from 'zod';

// Fraud settings as the admin API shows and takes them (snake_case, docs/abuse-defence.md). Pure: the
// patch format and its checks. Defaults live once, in the schema (prisma/schema.prisma): a
// project without a row gets one with them on its first start or read.

export type PumpingProtection = 'block' | 'monitor' | 'off';

export interface FraudSettingsView {
  allowed_countries: string[] | null;
  number_limit: number | null;
  number_window_seconds: number;
  pending_per_number: number | null;
  ip_limit: number | null;
  ip_window_seconds: number;
  project_rps: number | null;
  daily_spend_limit: string | null;
  pumping_protection: PumpingProtection;
  callback_url: string | null;
  safe_numbers: string[];
}

const DAY_SECONDS = 24 * 60 * 60;
const limit = (max: number) => z.number().int().min(1).max(max).nullable();

export const fraudSettingsPatch = z.strictObject({
  allowed_countries: z
    .array(z.string().regex(/^[A-Za-z]{2}$/, 'must be ISO 3166-1 alpha-2 codes'))
    .max(300)
    .transform((codes) => [...new Set(codes.map((code) => code.toUpperCase()))])
    .nullable()
    .optional(),
  number_limit: limit(1000).optional(),
  number_window_seconds: z.number().int().min(1).max(DAY_SECONDS).optional(),
  pending_per_number: limit(100).optional(),
  ip_limit: limit(100_000).optional(),
  ip_window_seconds: z.number().int().min(1).max(DAY_SECONDS).optional(),
  project_rps: limit(100_000).optional(),
  daily_spend_limit: z
    .string()
    .regex(/^\d{1,9}\.\d{2}$/, 'must be an amount like "25.00"')
    .nullable()
    .optional(),
  pumping_protection: z.enum(['block', 'monitor', 'off']).optional(),
  callback_url: z.string().max(2048).nullable().optional(),
  safe_numbers: z
    .array(
      z.string().transform((value, context) => {
        const phone = normalizePhone(value);
        if (phone) return phone.e164;
        context.addIssue({ code: 'custom', message: 'must be international phone numbers starting with +' });
        return z.NEVER;
      }),
    )
    .max(1000)
    .transform((numbers) => [...new Set(numbers)])
    .optional(),
});

export type FraudSettingsPatch = z.output<typeof fraudSettingsPatch>;

/** Parses the admin body; INVALID_REQUEST_BODY names each bad field (`field: reason`). */
export function parseFraudSettingsPatch(json: string): FraudSettingsPatch {
  let body: unknown;
  try {
    body = JSON.parse(json);
  } catch {
    throw new DomainError('INVALID_REQUEST_BODY', 'body: not a JSON object');
  }
  const result = fraudSettingsPatch.safeParse(body);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => `${key}: unknown field`).join('; ')
      : `${issue.path.map(String).join('.') || 'body'}: ${issue.message}`,
  );
  throw new DomainError('INVALID_REQUEST_BODY', problems.join('; '));
}

export const spendLimitCents = (amount: string | null): number | null =>
  amount === null ? null : (parseAmount(amount) ?? null);
export const spendLimitAmount = (cents: number | null): string | null => (cents === null ? null : formatCents(cents));
