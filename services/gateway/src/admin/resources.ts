import { MESSENGER_SETTINGS_RANGES, PROJECT_ID_PATTERN, UUID_PATTERN } from '@otp/platform';
import { z } from 'zod';
import { senderId } from '../http/schemas.js';
import { EXAMPLE_PROJECT_ID } from '../openapi/examples.js';
import { adminApi } from '../openapi/registry.js';

// What the admin API answers, registered once for the /admin/v1 document. The route files shape
// the answers; test/e2e/openapi-examples.test.ts checks real answers against these schemas.

const { registry } = adminApi;

const amount = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .openapi({ description: 'US dollars, two decimals.', example: '1.00' });
const dateTime = z.iso.datetime();
const nullableUrl = z.string().nullable().openapi({ format: 'uri' });

export const projectId = z.string().regex(PROJECT_ID_PATTERN).openapi({ example: EXAMPLE_PROJECT_ID });
export const projectParams = z.object({ id: projectId });
/** A path id that is a UUID (API keys, webhook deliveries), documented with the pattern routes check. */
export const uuidParam = z.string().regex(UUID_PATTERN).openapi({ format: 'uuid' });

export const ipAllowlistSchema = registry.register(
  'IpAllowlist',
  z.object({
    enabled: z.boolean().openapi({ description: 'When on, only addresses in `cidrs` may use the API keys.' }),
    cidrs: z.array(z.string()).openapi({ description: 'IPv4/IPv6 addresses or CIDR ranges.' }),
  }),
);

export const verifySettingsSchema = registry.register(
  'VerifySettings',
  z.object({
    enabled: z.boolean(),
    channel: z.enum(['messenger', 'sms']),
    sms_fallback: z.boolean(),
    switch_on_failure: z.boolean(),
    fallback_wait_seconds: z.number().int(),
    code_length: z.number().int(),
    expiry_minutes: z.number().int(),
    max_wrong_codes: z.number().int(),
    sender_id: z.string().nullable().openapi({ description: 'null: the SMS default sender ID.' }),
    sms_text: z.string(),
    callback_url: nullableUrl,
  }),
);

const { codeLength, ttlSeconds } = MESSENGER_SETTINGS_RANGES;
export const messengerSettingsSchema = registry.register(
  'MessengerSettings',
  z.object({
    enabled: z.boolean(),
    code_length: z.number().int().min(codeLength.min).max(codeLength.max),
    ttl_seconds: z.number().int().min(ttlSeconds.min).max(ttlSeconds.max),
    callback_url: nullableUrl,
  }),
);

export const smsSettingsSchema = registry.register(
  'SmsSettings',
  z.object({ enabled: z.boolean(), default_sender_id: z.string().nullable(), callback_url: nullableUrl }),
);

export const senderIdSchema = registry.register(
  'SenderId',
  z.object({ value: senderId, status: z.enum(['pending', 'approved', 'rejected']) }),
);

export const fraudSettingsSchema = registry.register(
  'FraudSettings',
  z.object({
    allowed_countries: z
      .array(z.string())
      .nullable()
      .openapi({ description: 'ISO 3166-1 alpha-2 codes; null: every country.' }),
    number_limit: z.number().int().nullable().openapi({ description: 'null: no limit.' }),
    number_window_seconds: z.number().int(),
    pending_per_number: z.number().int().nullable(),
    ip_limit: z.number().int().nullable(),
    ip_window_seconds: z.number().int(),
    project_rps: z.number().int().nullable(),
    daily_spend_limit: amount.nullable().openapi({ description: 'US dollars per UTC day; null: no cap.' }),
    pumping_protection: z.enum(['block', 'monitor', 'off']),
    callback_url: nullableUrl,
    safe_numbers: z.array(z.string()).openapi({ description: 'E.164 numbers never refused by the limits.' }),
  }),
);

export const webhookSecretSchema = registry.register(
  'WebhookSecret',
  z.object({
    secret: z.string().openapi({ description: 'whsec_ followed by base64.' }),
    created_at: dateTime,
    expires_at: dateTime.nullable().openapi({ description: 'null for the current secret.' }),
  }),
);

export const adminProjectSchema = registry.register(
  'AdminProject',
  z.object({
    id: projectId,
    name: z.string(),
    balance: amount,
    currency: z.literal('USD'),
    created_at: dateTime,
    ip_allowlist: ipAllowlistSchema,
    settings: z
      .object({
        verify: verifySettingsSchema.nullable(),
        messenger: messengerSettingsSchema.nullable(),
        sms: smsSettingsSchema.nullable(),
        fraud: fraudSettingsSchema.nullable(),
      })
      .openapi({ description: 'Each part is null when its service does not answer.' }),
    sender_ids: z
      .array(
        senderIdSchema.extend({
          site: z.string(),
          created_at: dateTime,
          rejection_reason: z.string().nullable().openapi({ description: 'Set when status is rejected.' }),
        }),
      )
      .nullable(),
    webhook_secrets: z.array(webhookSecretSchema).nullable(),
  }),
);

export { amount, dateTime };
