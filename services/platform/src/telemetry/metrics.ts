import { metrics, type Counter, type Histogram, type Meter } from '@opentelemetry/api';

// The instruments every service records into: API calls only, no-ops until a meter provider is
// installed (`metrics-endpoint.ts`, loaded by the register hook when METRICS_PORT is set), so a
// process without metrics never loads the SDK.

export function meter(): Meter {
  return metrics.getMeter('@otp/platform');
}

// Instruments are created on first use: the global provider may be set after a module loads.
let rpcDuration: Histogram | undefined;
let httpDuration: Histogram | undefined;
let balanceOperations: Counter | undefined;
let refusedStarts: Counter | undefined;
let webhookOutcomes: Counter | undefined;
let channelReports: Counter | undefined;

/** One served gRPC call: rate, latency and errors per method (`code` is the domain code or OK). */
export function recordRpc(method: string, code: string, seconds: number): void {
  rpcDuration ??= meter().createHistogram('rpc_server_duration_seconds', {
    description: 'Served gRPC calls by method and outcome',
    unit: 's',
  });
  rpcDuration.record(seconds, { 'rpc.method': method, 'rpc.code': code });
}

/** One HTTP request at the edge, by route template (never the raw path: sids would explode cardinality). */
export function recordHttpRequest(route: string, method: string, status: number, seconds: number): void {
  httpDuration ??= meter().createHistogram('http_server_request_duration_seconds', {
    description: 'HTTP requests by route, method and status',
    unit: 's',
  });
  httpDuration.record(seconds, {
    'http.route': route,
    'http.request.method': method,
    'http.response.status_code': status,
  });
}

/** A balance-changing operation in billing (credit, hold, capture, release, charge, refund). */
export function recordBalanceOperation(kind: string, outcome: 'ok' | 'replayed' | 'refused', cents: number): void {
  balanceOperations ??= meter().createCounter('billing_balance_operations_total', {
    description: 'Balance-changing operations by kind and outcome',
  });
  balanceOperations.add(1, { kind, outcome, has_amount: cents > 0 });
}

/**
 * A start (verification, SMS, messenger code) guard refused, by reason: geo_permission, number_limit,
 * pending_per_number, ip_limit, project_rps, fraud_block, pumping_detected.
 */
export function recordRefusedStart(kind: string, reason: string): void {
  refusedStarts ??= meter().createCounter('guard_refused_starts_total', {
    description: 'Starts refused by abuse defence, by kind and reason',
  });
  refusedStarts.add(1, { kind, reason });
}

/** The outcome of one webhook delivery attempt. */
export function recordWebhookAttempt(outcome: 'succeeded' | 'retrying' | 'failed' | 'refused'): void {
  webhookOutcomes ??= meter().createCounter('webhook_delivery_attempts_total', {
    description: 'Webhook delivery attempts by outcome',
  });
  webhookOutcomes.add(1, { outcome });
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
  channelReports ??= meter().createCounter('verify_channel_reports_total', {
    description: "Channel status reports of verify's sends, by channel and what they did",
  });
  channelReports.add(1, { channel, outcome });
}

/**
 * Queue depth and consumer lag of a durable JetStream consumer, read when Prometheus scrapes.
 * `read` returns the consumer info's num_pending (not yet delivered) and num_ack_pending (in flight).
 */
export function observeConsumer(
  stream: string,
  durable: string,
  read: () => Promise<{ pending: number; ackPending: number }>,
): void {
  let last = { pending: 0, ackPending: 0 };
  const refresh = () =>
    read().then(
      (value) => (last = value),
      () => undefined,
    );
  const gauge = meter().createObservableGauge('jetstream_consumer_messages', {
    description: 'Messages waiting (pending) and delivered but not yet acknowledged (ack_pending)',
  });
  gauge.addCallback(async (result) => {
    await refresh();
    result.observe(last.pending, { stream, consumer: durable, state: 'pending' });
    result.observe(last.ackPending, { stream, consumer: durable, state: 'ack_pending' });
  });
}
