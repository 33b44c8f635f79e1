import { metrics, type Attributes, type Counter, type Histogram, type Meter } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_RPC_METHOD,
  ATTR_RPC_STATUS_CODE,
  ATTR_RPC_SYSTEM_NAME,
  ATTR_URL_SCHEME,
  METRIC_HTTP_SERVER_REQUEST_DURATION,
  METRIC_RPC_SERVER_CALL_DURATION,
  RPC_SYSTEM_NAME_VALUE_GRPC,
} from '@opentelemetry/semantic-conventions';

// The instruments every service records into: API calls only, no-ops until a meter provider is
// installed (`metrics-endpoint.ts`, loaded by the register hook when metrics are on), so a
// process without metrics never loads the SDK. Names are OpenTelemetry's (dotted, the unit given
// apart): semantic conventions where one exists, `<part>.<thing>` otherwise; the Prometheus
// endpoint derives `<name>_<unit>` and `_total` from them (prometheus-endpoint.ts).

export function meter(): Meter {
  return metrics.getMeter('@otp/platform');
}

/** Bucket bounds of every duration histogram, in seconds: the semantic conventions' advice. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

// Instruments are created on first use: the global provider may be set after a module loads.
let rpcDuration: Histogram | undefined;
let httpDuration: Histogram | undefined;
let balanceOperations: Counter | undefined;
let refusedStarts: Counter | undefined;
let webhookOutcomes: Counter | undefined;
let channelReports: Counter | undefined;
let smsReceipts: Counter | undefined;
let refusedEvents: Counter | undefined;
let stuckMessages: Counter | undefined;
let providerCalls: Histogram | undefined;

/**
 * One served gRPC call: rate, latency and errors per method (`otp.billing.v1.Billing/Hold`), its
 * gRPC status (`OK`, `FAILED_PRECONDITION`) and, when it failed, the domain code as `error.type`.
 */
export function recordRpc(method: string, status: string, errorType: string | undefined, seconds: number): void {
  rpcDuration ??= meter().createHistogram(METRIC_RPC_SERVER_CALL_DURATION, {
    description: 'Served gRPC calls by method and outcome',
    unit: 's',
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });
  const attributes: Attributes = {
    [ATTR_RPC_SYSTEM_NAME]: RPC_SYSTEM_NAME_VALUE_GRPC,
    [ATTR_RPC_METHOD]: method,
    [ATTR_RPC_STATUS_CODE]: status,
  };
  if (errorType !== undefined) attributes[ATTR_ERROR_TYPE] = errorType;
  rpcDuration.record(seconds, attributes);
}

/** One HTTP request at the edge, by route template (never the raw path: sids would explode cardinality). */
export function recordHttpRequest(route: string, method: string, status: number, seconds: number): void {
  httpDuration ??= meter().createHistogram(METRIC_HTTP_SERVER_REQUEST_DURATION, {
    description: 'HTTP requests by route, method and status',
    unit: 's',
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });
  const attributes: Attributes = {
    [ATTR_HTTP_ROUTE]: route,
    [ATTR_HTTP_REQUEST_METHOD]: method,
    [ATTR_HTTP_RESPONSE_STATUS_CODE]: status,
    // TLS ends at the ingress: the services themselves serve plain HTTP.
    [ATTR_URL_SCHEME]: 'http',
  };
  if (status >= 500) attributes[ATTR_ERROR_TYPE] = String(status);
  httpDuration.record(seconds, attributes);
}

/** A balance-changing operation in billing (credit, hold, capture, release, charge, refund). */
export function recordBalanceOperation(kind: string, outcome: 'ok' | 'replayed' | 'refused', cents: number): void {
  balanceOperations ??= meter().createCounter('billing.balance.operations', {
    description: 'Balance-changing operations by kind and outcome',
  });
  balanceOperations.add(1, { kind, outcome, has_amount: cents > 0 });
}

/**
 * A start (verification, SMS, messenger code) guard refused, by reason: geo_permission, number_limit,
 * pending_per_number, ip_limit, project_rps, fraud_block, pumping_detected.
 */
export function recordRefusedStart(kind: string, reason: string): void {
  refusedStarts ??= meter().createCounter('guard.refused_starts', {
    description: 'Starts refused by abuse defence, by kind and reason',
  });
  refusedStarts.add(1, { kind, reason });
}

/** The outcome of one webhook delivery attempt. */
export function recordWebhookAttempt(outcome: 'succeeded' | 'retrying' | 'failed' | 'refused'): void {
  webhookOutcomes ??= meter().createCounter('webhook.delivery.attempts', {
    description: 'Webhook delivery attempts by outcome',
  });
  webhookOutcomes.add(1, { outcome });
}

/**
 * One call to the messenger provider's API, by method (`sendVerificationMessage`, ...) and outcome:
 * `ok`, `refused` (it answered `ok: false`, e.g. no messenger account for the number) or
 * `unavailable` (no answer in time, a 5xx, or not its API).
 */
export function recordProviderCall(method: string, outcome: 'ok' | 'refused' | 'unavailable', seconds: number): void {
  providerCalls ??= meter().createHistogram('messenger.provider.call.duration', {
    description: "Calls to the messenger provider's API, by method and outcome",
    unit: 's',
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });
  providerCalls.record(seconds, { method, outcome });
}

/**
 * An event the webhook dispatcher dropped unposted: `not_owner`, its type's owner does not
 * publish the subject it came on (bus/permissions.ts). Any count here is a part, or whoever holds
 * its NATS credentials, publishing what it does not own.
 */
export function recordRefusedEvent(reason: 'not_owner'): void {
  refusedEvents ??= meter().createCounter('webhook.refused_events', {
    description: 'Events the webhook dispatcher dropped without posting, by reason',
  });
  refusedEvents.add(1, { reason });
}

/**
 * One channel status report of verify's own sends, by what it did: `applied` (it changed the
 * verification), `unchanged` (it changed nothing: a status already recorded, or a late one),
 * `waiting` (its attempt is not recorded yet: handed back to be delivered again), `adopted` (an
 * SMS no attempt showed, appended to an ended verification), `ignored` (not a send of verify's, or
 * one whose attempt never appeared). Many `waiting` reports mean sends are reported before their
 * start is recorded, on another replica or after a restart: each costs a read and a redelivery.
 */
export function recordChannelReport(
  channel: string,
  outcome: 'applied' | 'unchanged' | 'waiting' | 'adopted' | 'ignored',
): void {
  channelReports ??= meter().createCounter('verify.channel_reports', {
    description: "Channel status reports of verify's sends, by channel and what they did",
  });
  channelReports.add(1, { channel, outcome });
}

/**
 * The dead-letter alarm of a JetStream consumer (bus/jetstream.ts runConsumer): one message that
 * failed as many deliveries as its consumer allows before alarming. It is still delivered again;
 * any increase means a handler keeps failing (its database or a peer away) and events wait.
 */
export function recordStuckMessage(stream: string, consumer: string): void {
  stuckCounter().add(1, { stream, consumer });
}

function stuckCounter(): Counter {
  stuckMessages ??= meter().createCounter('jetstream.messages.stuck', {
    description: 'Messages a consumer failed to handle for its alarm count of deliveries (still redelivered)',
  });
  return stuckMessages;
}

/**
 * One delivery receipt a carrier sent the sms service, by what it did: `matched` (it found its
 * message), `waiting` (no message holds its id yet: the receipt pass looks again), `ambiguous`
 * (several messages hold its id: it changed nothing), `unreadable` (its id is not in the carrier's
 * declared id format: it changed nothing). Any `ambiguous` or `unreadable` means the carrier's
 * id_format is wrong or the carrier reuses ids while receipts are still due (docs/sms.md).
 */
export function recordSmsReceipt(carrier: string, outcome: 'matched' | 'waiting' | 'ambiguous' | 'unreadable'): void {
  smsReceipts ??= meter().createCounter('sms.receipts', {
    description: 'Delivery receipts from carriers, by carrier and what they did',
  });
  smsReceipts.add(1, { carrier, outcome });
}

/** What a durable JetStream consumer has not done yet, read when the metrics are collected. */
export interface ConsumerBacklog {
  /** Not yet delivered (the consumer info's num_pending). */
  pending: number;
  /** Delivered, not yet acknowledged (num_ack_pending). */
  ackPending: number;
  /** Age of the oldest message not yet acknowledged, where the stream tells it (a work queue). */
  oldestAgeSeconds?: number;
}

const observedConsumers = new Map<string, { stream: string; durable: string; read: () => Promise<ConsumerBacklog> }>();

/**
 * Queue depth, consumer lag and (for a work queue) queue age of a durable JetStream consumer, read
 * when the metrics are collected. runConsumer observes every consumer it runs; observing one again
 * changes nothing. A read that fails (NATS away) reports nothing rather than a stale figure.
 */
export function observeConsumer(stream: string, durable: string, read: () => Promise<ConsumerBacklog>): void {
  const key = `${stream}/${durable}`;
  if (observedConsumers.has(key)) return;
  observedConsumers.set(key, { stream, durable, read });
  // Its dead-letter alarms counted from zero: the first one is then an increase an alert sees.
  stuckCounter().add(0, { stream, consumer: durable });
  if (observedConsumers.size > 1) return;
  const messages = meter().createObservableGauge('jetstream.consumer.messages', {
    description: 'Messages waiting (pending) and delivered but not yet acknowledged (ack_pending)',
  });
  const age = meter().createObservableGauge('jetstream.consumer.oldest_message.age', {
    description: 'Age of the oldest message not yet acknowledged (work queues)',
    unit: 's',
  });
  meter().addBatchObservableCallback(
    async (result) => {
      const observed = [...observedConsumers.values()];
      const backlogs = await Promise.all(observed.map((consumer) => consumer.read().catch(() => undefined)));
      observed.forEach(({ stream, durable }, index) => {
        const backlog = backlogs[index];
        if (!backlog) return;
        const labels = { stream, consumer: durable };
        result.observe(messages, backlog.pending, { ...labels, state: 'pending' });
        result.observe(messages, backlog.ackPending, { ...labels, state: 'ack_pending' });
        if (backlog.oldestAgeSeconds !== undefined) result.observe(age, backlog.oldestAgeSeconds, labels);
      });
    },
    [messages, age],
  );
}
