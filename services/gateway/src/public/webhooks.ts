import { PROJECT_ID_PATTERN } from '@otp/platform';
import { z } from 'zod';
import { exampleMessengerCode, exampleSms, exampleVerification, EXAMPLE_PROJECT_ID } from '../openapi/examples.js';
import { publicApi } from '../openapi/registry.js';
import { MESSENGER_STATUSES, messengerCodeSchema, smsMessageSchema, verificationSchema } from './resources.js';

// The `webhooks` section of the /v1 document: one entry per event type (docs/webhooks.md "Event catalogue").
// The body is the event as the producer wrote it; `data` is the resource as the API shows it.
// To add an event type: one row in EVENT_TYPES (its resource schema and an example).

const { registry } = publicApi;

interface EventType {
  type: string;
  when: string;
  data: z.ZodType;
  example: Record<string, unknown>;
}

const fraudPrefix = z
  .string()
  .regex(/^\+\d+$/)
  .openapi({ description: 'Calling code and the first national digits.', example: '+44771' });

const fraudBlockedSchema = registry.register(
  'FraudPrefixBlock',
  z.object({
    prefix: fraudPrefix,
    reason: z.enum(['sequential_numbers', 'volume_spike', 'rare_prefix_burst', 'never_converting']),
    mode: z.enum(['block', 'monitor']).openapi({ description: 'monitor: recorded only; starts still go.' }),
    since: z.iso.datetime(),
    until: z.iso.datetime().openapi({ description: 'When the block ends by itself.' }),
  }),
);

const fraudUnblockedSchema = registry.register(
  'FraudPrefixUnblock',
  z.object({ prefix: fraudPrefix, lifted_at: z.iso.datetime() }),
);

const messengerEvents: EventType[] = MESSENGER_STATUSES.filter((status) => status !== 'sending').map((status) => ({
  type: `messenger.${status}`,
  when: `A messenger code became \`${status}\` (one event per delivery status change).`,
  data: messengerCodeSchema,
  example: { ...exampleMessengerCode, status },
}));

export const EVENT_TYPES: EventType[] = [
  {
    type: 'verification.approved',
    when: 'A verification was approved (sent once, after refunds are settled).',
    data: verificationSchema,
    example: { ...exampleVerification, status: 'approved', approved_at: '2026-11-21T10:16:10.000Z' },
  },
  {
    type: 'verification.expired',
    when: 'A verification expired before the right code was entered (sent once, after refunds are settled).',
    data: verificationSchema,
    example: { ...exampleVerification, status: 'expired' },
  },
  {
    type: 'verification.failed',
    when: 'A verification failed: too many wrong codes, or the code could not be sent (sent once).',
    data: verificationSchema,
    example: { ...exampleVerification, status: 'failed', checks_left: 0, last_error: 'too many wrong codes' },
  },
  {
    type: 'sms.sent',
    when: 'The carrier accepted an SMS (status `sent`; not a handset delivery receipt).',
    data: smsMessageSchema,
    example: { ...exampleSms, status: 'sent', processed_at: '2026-11-21T10:15:01.250Z' },
  },
  {
    type: 'sms.failed',
    when: 'An SMS failed after every retry (refunded), or a Verify SMS could not be queued (`enqueue_failed`).',
    data: smsMessageSchema,
    example: { ...exampleSms, status: 'failed', cost: '0.00', last_error: 'carrier refused the message' },
  },
  {
    type: 'sms.delivered',
    when: "The carrier's delivery receipt says the handset got every part (`delivery_status` delivered).",
    data: smsMessageSchema,
    example: {
      ...exampleSms,
      status: 'sent',
      processed_at: '2026-11-21T10:15:01.250Z',
      delivery_status: 'delivered',
      delivered_at: '2026-11-21T10:15:03.900Z',
      carrier: 'sandbox',
    },
  },
  {
    type: 'sms.undelivered',
    when:
      'A final delivery receipt says the SMS did not reach the handset (`delivery_status` undelivered, expired, ' +
      'rejected or unknown).',
    data: smsMessageSchema,
    example: {
      ...exampleSms,
      status: 'sent',
      processed_at: '2026-11-21T10:15:01.250Z',
      delivery_status: 'undelivered',
      carrier: 'sandbox',
    },
  },
  ...messengerEvents,
  {
    type: 'fraud.prefix_blocked',
    when:
      'The SMS pumping detector blocked a destination prefix (or, with pumping_protection monitor, recorded it). ' +
      "Sent to the fraud settings' callback_url.",
    data: fraudBlockedSchema,
    example: {
      prefix: '+44771',
      reason: 'sequential_numbers',
      mode: 'block',
      since: '2026-11-21T10:15:02.000Z',
      until: '2026-11-22T10:15:02.000Z',
    },
  },
  {
    type: 'fraud.prefix_unblocked',
    when: "An operator lifted a prefix block (DELETE .../fraud/blocks/{prefix}). Sent to the fraud settings' callback_url.",
    data: fraudUnblockedSchema,
    example: { prefix: '+44771', lifted_at: '2026-11-21T11:02:40.000Z' },
  },
];

const header = (description: string, example: string) => ({
  required: true,
  description,
  schema: { type: 'string' as const },
  example,
});

/** Standard Webhooks headers (https://www.standardwebhooks.com). */
const signatureHeaders = [
  {
    name: 'webhook-id',
    in: 'header' as const,
    ...header(
      'The event id; the same on every retry, so receivers can drop duplicates.',
      'b1f4c2e0-5d3a-4c8e-9f61-2a7d0c9e4b13',
    ),
  },
  {
    name: 'webhook-timestamp',
    in: 'header' as const,
    ...header('Unix seconds of this attempt; refuse ones older than 5 minutes.', '1763720102'),
  },
  {
    name: 'webhook-signature',
    in: 'header' as const,
    ...header(
      'Space-separated `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}` keyed with the ' +
        "project's signing secret (`whsec_...`, base64 after the prefix); one entry per valid secret.",
      'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
    ),
  },
];

for (const event of EVENT_TYPES) {
  const name = event.type
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
  const schema = registry.register(
    `${name}Event`,
    z.object({
      id: z.uuid().openapi({ description: 'Event id (also the webhook-id header).' }),
      type: z.literal(event.type),
      created_at: z.iso.datetime(),
      project_id: z.string().regex(PROJECT_ID_PATTERN),
      data: event.data,
    }),
  );
  registry.registerWebhook({
    method: 'post',
    path: event.type,
    operationId: `on${name}`,
    summary: event.type,
    description: `${event.when} POSTed to the callback URL, signed (Standard Webhooks).`,
    tags: ['Webhooks'],
    security: [],
    parameters: signatureHeaders,
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema,
            example: {
              id: 'b1f4c2e0-5d3a-4c8e-9f61-2a7d0c9e4b13',
              type: event.type,
              created_at: '2026-11-21T10:15:02.120Z',
              project_id: EXAMPLE_PROJECT_ID,
              data: event.example,
            },
          },
        },
      },
    },
    responses: {
      200: { description: 'Any 2xx ends the delivery as succeeded.' },
      400: {
        description:
          'Any other answer below 500 but 429 ends it as failed (redirects are not followed); 429, 5xx, ' +
          'timeouts and connection errors are retried for about 22 h.',
      },
    },
  });
}
