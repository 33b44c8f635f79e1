import { PARTS, type PartName } from '../parts.js';
import { STREAMS, SUBJECTS } from './streams.js';

// Who may do what on NATS (docs/security.md, "NATS users"): one user per part that uses the bus,
// allowed to publish only the subjects it owns and to read only through its own durable consumers.
// This table is the only one: the local run and the suites configure their nats-server from it
// (local-nats.ts), the chart from its JSON copy (charts/otp/files/nats-permissions.json, written by
// scripts/nats-permissions.mjs), and the webhook dispatcher believes an event's type, project and
// webhook target only on a subject whose owner alone may publish it (eventFromOwner).

/** A durable JetStream consumer: the part that owns it alone creates, updates, pulls and acknowledges it. */
export interface ConsumerGrant {
  stream: string;
  durable: string;
  /** Its filter subject: the create request names it, so a part cannot widen what it reads. */
  filter: string;
}

export const CONSUMERS = {
  /** Guard's conversions: every finished verification. */
  guardConversions: {
    stream: STREAMS.events.name,
    durable: 'guard-conversions',
    filter: SUBJECTS.verificationFinished,
  },
  /**
   * The status of verify's own sends (events.sms.status, events.messenger.status), never the
   * direct sends'; one wildcard because Debian's nats-server (2.9) takes a single filter subject.
   */
  verifyChannelStatus: { stream: STREAMS.events.name, durable: 'verify-channel-status', filter: 'events.*.status' },
  /** The dispatcher's intake: every event (the ones with a webhook target become deliveries). */
  webhookIntake: { stream: STREAMS.events.name, durable: 'webhook-dispatcher', filter: 'events.>' },
  /** The sms.outbound work queue's worker. */
  smsDelivery: { stream: STREAMS.smsOutbound.name, durable: 'sms-delivery', filter: SUBJECTS.smsOutbound },
} as const satisfies Record<string, ConsumerGrant>;

/** What a part does on the bus; null for a part that never connects to NATS. */
export interface BusGrant {
  /** Subjects it publishes (its events, its work queue). It owns them: no other user may publish them. */
  publishes: readonly string[];
  consumers: readonly ConsumerGrant[];
}

export const BUS_GRANTS: Record<PartName, BusGrant | null> = {
  sandbox: null,
  billing: null,
  guard: { publishes: [SUBJECTS.fraudBlocks], consumers: [CONSUMERS.guardConversions] },
  sms: {
    publishes: [SUBJECTS.smsStatus, SUBJECTS.smsDirectStatus, SUBJECTS.smsReceipt, SUBJECTS.smsOutbound],
    consumers: [CONSUMERS.smsDelivery],
  },
  messenger: { publishes: [SUBJECTS.messengerStatus, SUBJECTS.messengerDirectStatus], consumers: [] },
  verify: { publishes: [SUBJECTS.verificationFinished], consumers: [CONSUMERS.verifyChannelStatus] },
  'webhook-dispatcher': { publishes: [], consumers: [CONSUMERS.webhookIntake] },
  gateway: null,
  console: null,
};

/**
 * The part that owns each event family: the only one publishing on `events.<family>.…`, and the
 * only one whose events of type `<family>.…` the dispatcher turns into webhooks.
 */
export const EVENT_OWNERS = {
  sms: 'sms',
  messenger: 'messenger',
  verification: 'verify',
  fraud: 'guard',
} as const satisfies Record<string, PartName>;

/**
 * The header of an event naming its webhook target, set by the event's owner from its own stored
 * data (the producers' outbox rows). The dispatcher reads it only from an event that passes
 * eventFromOwner: a header on a subject another user could publish decides nothing.
 */
export const CALLBACK_URL_HEADER = 'otp-callback-url';

/** The user that creates and updates the streams (the migrations, the launcher); no part is given it. */
export const NATS_PROVISIONER = 'provisioner';

export type NatsUserName = PartName | typeof NATS_PROVISIONER;

/** What NATS lets one user do: subjects it may publish to and subscribe to (nothing else). */
export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
}

/**
 * Where a user's replies arrive (the connection's inboxPrefix): its own, so no other user can
 * subscribe to them, and a publisher gets its JetStream acknowledgements only there.
 */
export function inboxPrefix(user: string): string {
  return `_INBOX.${user}`;
}

/** NATS subject matching: `*` one token, `>` one or more at the end. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const want = pattern.split('.');
  const got = subject.split('.');
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '>') return got.length > i;
    if (i >= got.length || (want[i] !== '*' && want[i] !== got[i])) return false;
  }
  return want.length === got.length;
}

/** The stream that stores a subject, if any. */
export function streamOf(subject: string): string | undefined {
  return Object.values(STREAMS).find((stream) => stream.subjects.some((pattern) => subjectMatches(pattern, subject)))
    ?.name;
}

/** The part that publishes `subject`: by this table, the only user that may. */
export function ownerOf(subject: string): PartName | undefined {
  return PARTS.find((part) => BUS_GRANTS[part.name]?.publishes.includes(subject))?.name;
}

/**
 * Whether an event of `type` arrived on a subject only the owner of its family publishes, e.g.
 * `sms.sent` on `events.sms.status` (sms owns it) and never on `events.fraud.blocks` (guard's). Only
 * such an event's envelope (its project) and headers (its webhook target) come from its owner.
 */
export function eventFromOwner(subject: string, type: string): boolean {
  const dot = type.indexOf('.');
  const family = type.slice(0, dot);
  if (dot <= 0 || !Object.hasOwn(EVENT_OWNERS, family)) return false;
  const owner = EVENT_OWNERS[family as keyof typeof EVENT_OWNERS];
  return subject.startsWith(`events.${family}.`) && ownerOf(subject) === owner;
}

const JS_API_INFO = '$JS.API.INFO';

/** The NATS permissions of a part (null: it has no NATS user) or of the provisioner. */
export function natsPermissions(user: NatsUserName): NatsPermissions | null {
  const replies = [`${inboxPrefix(user)}.>`];
  if (user === NATS_PROVISIONER) {
    const streams = Object.values(STREAMS).flatMap(({ name }) => [
      `$JS.API.STREAM.INFO.${name}`,
      `$JS.API.STREAM.CREATE.${name}`,
      `$JS.API.STREAM.UPDATE.${name}`,
    ]);
    return { publish: [JS_API_INFO, ...streams], subscribe: replies };
  }
  const grant = BUS_GRANTS[user];
  if (!grant) return null;
  const streams = new Set([
    ...grant.publishes.map(streamOf).filter((name): name is string => name !== undefined),
    ...grant.consumers.map((consumer) => consumer.stream),
  ]);
  // Creating a consumer is `$JS.API.CONSUMER.CREATE.<stream>.<durable>.<filter>` (an update too):
  // the permission fixes the filter. Acks, naks and progress go to the reply subject `$JS.ACK.…`.
  const consumers = grant.consumers.flatMap(({ stream, durable, filter }) => [
    `$JS.API.CONSUMER.CREATE.${stream}.${durable}.${filter}`,
    `$JS.API.CONSUMER.INFO.${stream}.${durable}`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`,
    `$JS.ACK.${stream}.${durable}.>`,
  ]);
  return {
    publish: [
      ...grant.publishes,
      JS_API_INFO,
      ...[...streams].map((stream) => `$JS.API.STREAM.INFO.${stream}`),
      ...consumers,
    ],
    subscribe: replies,
  };
}

/** Every NATS user of the platform: the parts that use the bus, then the provisioner. */
export function natsUserNames(): NatsUserName[] {
  return [...PARTS.filter((part) => BUS_GRANTS[part.name] !== null).map((part) => part.name), NATS_PROVISIONER];
}

/** The table as the chart reads it (charts/otp/files/nats-permissions.json). */
export function natsPermissionsDocument(): {
  users: Record<string, { inbox_prefix: string; publish: string[]; subscribe: string[] }>;
} {
  const users: Record<string, { inbox_prefix: string; publish: string[]; subscribe: string[] }> = {};
  for (const user of natsUserNames()) {
    const permissions = natsPermissions(user)!;
    users[user] = { inbox_prefix: inboxPrefix(user), ...permissions };
  }
  return { users };
}
