import { RetentionPolicy, StorageType, type StreamConfig } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';

/** Every stream of the platform, provisioned (add or update) by the services that use it. */
export const STREAMS = {
  /** Domain events for webhooks and for other services: `events.<source>.<...>`. */
  events: {
    name: 'EVENTS',
    subjects: ['events.>'],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: nanos(7 * 24 * 60 * 60 * 1000),
    // Nats-Msg-Id dedup: a relay that publishes again after a crash is absorbed here.
    duplicate_window: nanos(10 * 60 * 1000),
  },
  /** The SMS work queue: one message per SMS to hand to the carrier. */
  smsOutbound: {
    name: 'SMS_OUTBOUND',
    subjects: ['sms.outbound'],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    duplicate_window: nanos(10 * 60 * 1000),
  },
} satisfies Record<string, Partial<StreamConfig> & { name: string; subjects: string[] }>;

/**
 * Event subjects (docs/architecture.md): the event's `type` says which status it is. A channel's status
 * events go to one of two subjects by the send's purpose: verify's own sends on
 * `events.<channel>.status` (what verify's consumer filters, `events.*.status`), direct sends on
 * `events.<channel>.direct.status`, which that filter never matches, so verify never spends a
 * statement and two NATS messages on an event that is not its own (docs/webhooks.md "What is sent").
 */
export const SUBJECTS = {
  smsStatus: 'events.sms.status',
  smsDirectStatus: 'events.sms.direct.status',
  /** sms.delivered / sms.undelivered: webhooks only; the status consumers (verify) never see them. */
  smsReceipt: 'events.sms.receipt',
  messengerStatus: 'events.messenger.status',
  messengerDirectStatus: 'events.messenger.direct.status',
  verificationFinished: 'events.verification.finished',
  /** Guard's fraud.prefix_blocked / fraud.prefix_unblocked. */
  fraudBlocks: 'events.fraud.blocks',
  smsOutbound: 'sms.outbound',
} as const;
