import { isIP } from 'node:net';
import {
  CALLBACK_URL_MAX_LENGTH,
  checkCallbackUrl,
  DomainError,
  checkPhone,
  parseSid,
  SENDER_ID_PATTERN,
  sidPattern,
  type HostLookup,
  type SidPrefix,
} from '@otp/platform';
import { z } from 'zod';
import '../openapi/registry.js';

// Shared pieces of the /v1 request schemas, so every route validates the spec's fields alike.

/** International number in, E.164 out ("+44 7700 123456" -> "+447700123456"); a refusal says why. */
export const phoneNumber = z
  .string()
  .transform((value, context) => {
    const check = checkPhone(value);
    if (check.ok) return check.phone.e164;
    context.addIssue({ code: 'custom', message: check.reason });
    return z.NEVER;
  })
  .openapi({
    type: 'string',
    example: '+447700123456',
    description: 'International format starting with + and the country code; returned as E.164.',
  });

/** A sender ID as the spec allows it (the sms service decides whether it is approved). */
export const senderId = z
  .string()
  .regex(SENDER_ID_PATTERN, '3-11 letters and digits, at least one letter')
  .openapi({ example: 'OTPDemo' });

/**
 * End-user signals (docs/abuse-defence.md "Abuse defence"): who is asking for the code, as the customer's backend
 * saw them. Guard's limits and detector use them; they are never returned by the API.
 */
export const signals = z
  .strictObject({
    // One string rule rather than a union of zod's ipv4/ipv6, so the document shows one schema.
    ip: z
      .string()
      .refine((value) => isIP(value) !== 0, 'must be an IPv4 or IPv6 address')
      .openapi({ description: "The end user's IPv4 or IPv6 address.", example: '203.0.113.7' })
      .optional(),
    device_id: z
      .string()
      .regex(/^[\x21-\x7e]{1,128}$/, 'must be 1-128 printable ASCII characters without spaces')
      .optional(),
    user_agent: z.string().min(1).max(512).optional(),
  })
  .openapi('Signals', {
    description: 'The end user behind the request (optional; used by abuse defence, never returned).',
  });

const METADATA_MAX_KEYS = 32;

/** Customer key-value data: at most 32 keys of 1-64 characters; strings up to 512, numbers, booleans. */
export const metadata = z
  .record(z.string().min(1).max(64), z.union([z.string().max(512), z.number(), z.boolean()]))
  .refine((value) => Object.keys(value).length <= METADATA_MAX_KEYS, { message: `at most ${METADATA_MAX_KEYS} keys` })
  .openapi('Metadata', {
    description:
      'Customer data, echoed back in responses and webhooks: at most 32 keys of 1-64 characters; each value a ' +
      'string of at most 512 characters, a number or a boolean.',
    maxProperties: METADATA_MAX_KEYS,
    example: { order: 'A-17', attempt: 1 },
  });

/** How callback URLs are judged: `allowPrivate` is ALLOW_PRIVATE_CALLBACKS; `lookup` replaces DNS in tests. */
export interface CallbackUrlPolicy {
  allowPrivate: boolean;
  lookup?: HostLookup;
}

// Set once at start from ALLOW_PRIVATE_CALLBACKS (local mode); production keeps the default.
let deploymentPolicy: CallbackUrlPolicy = { allowPrivate: false };
export function allowPrivateCallbackUrls(allow: boolean): void {
  deploymentPolicy = { allowPrivate: allow };
}

/**
 * A callback URL field judged by `policyOf()` at request time: http/https, at most 2048
 * characters, and a host that is (or resolves only to) public addresses. The check resolves DNS,
 * so schemas holding it must be parsed with parseBodyAsync. The webhook dispatcher checks the
 * resolved addresses again when it connects, since DNS may change in between.
 */
export function callbackUrlField(policyOf: () => CallbackUrlPolicy) {
  return (
    z
      .string()
      // checkCallbackUrl also judges the length, so there is no .max() here to repeat the message.
      .superRefine(async (value, context) => {
        const check = await checkCallbackUrl(value, policyOf());
        if (!check.ok) context.addIssue({ code: 'custom', message: check.reason });
      })
      .openapi({
        format: 'uri',
        maxLength: CALLBACK_URL_MAX_LENGTH,
        description: 'Public http/https URL that receives webhooks.',
      })
  );
}

/** Public http/https URL, at most 2048 characters, under the deployment's policy. */
export const callbackUrl = callbackUrlField(() => deploymentPolicy);

/** A path `sid` in the spec's format, for documentation; use parseSidParam to read one. */
export function sidParam(prefix: SidPrefix) {
  return z
    .string()
    .regex(sidPattern(prefix))
    .openapi({ param: { name: 'sid', in: 'path' }, example: `${prefix}${'0'.repeat(24)}` });
}

/** The canonical (lower-case) sid, or 400 INVALID_MESSAGE_SID. */
export function parseSidParam(prefix: SidPrefix, value: string | undefined): string {
  const sid = value === undefined ? undefined : parseSid(prefix, value);
  if (!sid) throw new DomainError('INVALID_MESSAGE_SID', `sid must be ${prefix} followed by 24 hex characters`);
  return sid;
}
