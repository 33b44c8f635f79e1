import { z } from 'zod';
import { metadata } from '../http/schemas.js';
import { exampleMessengerCode, exampleSms, exampleVerification } from '../openapi/examples.js';
import { publicApi } from '../openapi/registry.js';

// The public resources as the API shows them and as events carry them in `data` (the shapes
// @otp/platform's resources/ produce), registered once for the /v1 document's schemas.

const { registry } = publicApi;

export const money = registry.register(
  'Money',
  z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .openapi({ description: 'US dollars, exactly two decimals.', example: '0.02' }),
);

const dateTime = z.iso.datetime();

export const SMS_STATUSES = ['queued', 'processing', 'sent', 'failed', 'enqueue_failed'] as const;
export const MESSENGER_STATUSES = ['sending', 'sent', 'delivered', 'read', 'expired', 'revoked', 'failed'] as const;

export const attemptSchema = registry.register(
  'Attempt',
  z
    .object({
      channel: z.enum(['messenger', 'sms']),
      sid: z
        .string()
        .regex(/^(TG|SM)[a-f0-9]{24}$/)
        .openapi({ description: 'The message: TG... for messenger, SM... for SMS.' }),
      status: z.enum([...new Set([...MESSENGER_STATUSES, ...SMS_STATUSES])]).openapi({
        description:
          'Delivery status of that message. Messenger: sending, sent, delivered, read, expired, revoked, failed. ' +
          'SMS: queued, processing, sent, failed, enqueue_failed.',
      }),
      cost: money,
      date_created: dateTime,
    })
    .openapi({ description: 'One send of the code.' }),
);

export const verificationFields = {
  sid: z.string().regex(/^VE[a-f0-9]{24}$/),
  status: z.enum(['pending', 'approved', 'expired', 'failed']),
  to: z.string().openapi({ description: 'E.164.', example: exampleVerification.to }),
  channel: z.enum(['messenger', 'sms']).openapi({ description: 'Channel the code was last sent on.' }),
  fallback_reason: z
    .enum(['messenger_failed', 'timeout'])
    .nullable()
    .openapi({ description: 'Why the code was re-sent by SMS; null when no SMS re-send happened.' }),
  attempts: z.array(attemptSchema).openapi({ description: 'Every send of the code, oldest first.' }),
  checks_left: z
    .number()
    .int()
    .min(0)
    .openapi({ description: 'Wrong codes still allowed before the verification fails.' }),
  fee: money.openapi({ description: 'The Verify fee.' }),
  cost: money.openapi({ description: 'Fee plus the current cost of the sends; refunded ones count 0.00.' }),
  date_created: dateTime,
  expires_at: dateTime.openapi({ description: 'When the code stops being accepted.' }),
  approved_at: dateTime.nullable(),
  metadata,
  last_error: z.string().optional().openapi({ description: 'Why it failed; present only when status is failed.' }),
};

export const verificationSchema = registry.register('Verification', z.object(verificationFields));

export const smsMessageSchema = registry.register(
  'SmsMessage',
  z.object({
    sid: z.string().regex(/^SM[a-f0-9]{24}$/),
    status: z.enum(SMS_STATUSES),
    to: z.string().openapi({ description: 'E.164.', example: exampleSms.to }),
    from: z.string().openapi({ description: 'Sender ID, in the casing it was registered with.' }),
    body: z.string(),
    sms_segments: z.number().int().positive().openapi({ description: 'Billed segments.' }),
    cost: money.openapi({ description: 'Per-segment price times sms_segments; 0.00 when failed or never queued.' }),
    metadata,
    date_created: dateTime,
    processed_at: dateTime.nullable().openapi({ description: 'When the carrier accepted it; null until then.' }),
    last_error: z
      .string()
      .optional()
      .openapi({ description: 'Latest delivery error; present only when there is one.' }),
    delivery_status: z
      .enum(['delivered', 'undelivered', 'expired', 'rejected', 'unknown'])
      .nullable()
      .openapi({ description: "From the carrier's delivery receipts; null until a final receipt came." }),
    delivered_at: dateTime
      .nullable()
      .openapi({ description: 'When the handset got every part (delivery_status delivered); null otherwise.' }),
    carrier: z
      .string()
      .nullable()
      .openapi({ description: 'The carrier that took the message (or refused it for good); null while none has.' }),
  }),
);

export const messengerCodeSchema = registry.register(
  'MessengerCode',
  z.object({
    sid: z.string().regex(/^TG[a-f0-9]{24}$/),
    status: z.enum(MESSENGER_STATUSES),
    to: z.string().openapi({ description: 'E.164.', example: exampleMessengerCode.to }),
    expires_at: dateTime.openapi({ description: 'When the code expires.' }),
    cost: money.openapi({ description: 'Flat 0.02 when charged; 0.00 after a refund.' }),
    metadata,
    date_created: dateTime,
    delivered_at: dateTime.nullable().openapi({ description: 'When the code reached the device; null until then.' }),
    last_error: z.string().optional().openapi({ description: 'Reason, present only when status is failed.' }),
  }),
);
