import { z } from 'zod';
import { SENDER_ID_PATTERN } from './ids.js';

// The ranges of the settings the admin API changes, where both the owning service (which enforces
// them) and the gateway (which documents them in the admin OpenAPI document) need them.

/** The `{code}` placeholder of Verify's SMS text. */
export const CODE_PLACEHOLDER = '{code}';

/**
 * The kinds of project settings, each its own admin route `/projects/{id}/settings/{kind}` (the
 * gateway's admin document is tested to route exactly these), so a path's `{kind}` is one of them.
 */
export const SETTINGS_KINDS = ['verify', 'messenger', 'sms', 'fraud'] as const;
export type SettingsKind = (typeof SETTINGS_KINDS)[number];

/** PATCH /admin/v1/projects/{id}/settings/verify (snake_case); null clears sender_id / callback_url. */
export const verifySettingsPatch = z
  .object({
    enabled: z.boolean(),
    channel: z.enum(['messenger', 'sms']),
    sms_fallback: z.boolean(),
    switch_on_failure: z.boolean(),
    fallback_wait_seconds: z.number().int().min(10).max(600),
    code_length: z.number().int().min(4).max(8),
    expiry_minutes: z.number().int().min(1).max(60),
    max_wrong_codes: z.number().int().min(1).max(10),
    sender_id: z
      .string()
      .regex(SENDER_ID_PATTERN, 'must be 3-11 letters or digits with at least one letter')
      .nullable(),
    sms_text: z
      .string()
      .min(1)
      .max(320)
      .refine((text) => text.includes(CODE_PLACEHOLDER), `must include ${CODE_PLACEHOLDER}`),
    callback_url: z
      .string()
      .max(2048)
      .url()
      .refine((url) => /^https?:\/\//i.test(url), 'must be an http or https URL')
      .nullable(),
  })
  .partial()
  .strict();

/** Messenger channel settings: code length when the provider generates it, and expiry. */
export const MESSENGER_SETTINGS_RANGES = {
  codeLength: { min: 4, max: 8 },
  ttlSeconds: { min: 30, max: 3600 },
} as const;
