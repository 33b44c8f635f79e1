import type { Counter } from '@opentelemetry/api';
import type { CarrierStatus } from '../resources/carrier-status.js';
import { meter } from './metrics.js';

// The SMPP client's metrics (the sms service's carrier/): submits by command status, throttling,
// sessions lost, and each replica's binds, window and pace read when the metrics are collected.
// Every label is bounded: carrier names come from the carriers file, statuses from the SMPP table.

/** What a carrier's answer to submit_sm means (sms domain/submit-status.ts), or no answer at all. */
export type CarrierSubmitClass = 'accepted' | 'permanent' | 'temporary' | 'throttled' | 'no_answer';

/** Why a bound session ended: a request unanswered in time (enquire_link or another), the carrier's unbind, the connection lost. */
export type CarrierSessionReset = 'enquire_link_timeout' | 'answer_timeout' | 'unbound_by_carrier' | 'connection_lost';
const RESETS: readonly CarrierSessionReset[] = [
  'enquire_link_timeout',
  'answer_timeout',
  'unbound_by_carrier',
  'connection_lost',
];

let submits: Counter | undefined;
let throttles: Counter | undefined;
let resets: Counter | undefined;

/** A carrier's throttles and resets counted from zero: the first one is then an increase a rule or panel sees. */
export function countCarrierFromZero(carrier: string): void {
  for (const scope of ['bind', 'destination'] as const) throttleCounter().add(0, { carrier, scope });
  for (const reason of RESETS) resetCounter().add(0, { carrier, reason });
}

/**
 * One submit_sm written to a carrier, by its class and `command_status` (`0x00000058`: a status of
 * the SMPP 3.4 table, `other` for any other, `none` when no answer came).
 */
export function recordCarrierSubmit(carrier: string, submitClass: CarrierSubmitClass, commandStatus: string): void {
  submits ??= meter().createCounter('sms.carrier.submits', {
    description: 'submit_sm written to carriers, by carrier, class and command status',
  });
  submits.add(1, { carrier, class: submitClass, command_status: commandStatus });
}

/** A throttling answer: `bind` when the carrier refuses traffic (the bind slows), `destination` when one number is refused on its own. */
export function recordCarrierThrottle(carrier: string, scope: 'bind' | 'destination'): void {
  throttleCounter().add(1, { carrier, scope });
}

function throttleCounter(): Counter {
  throttles ??= meter().createCounter('sms.carrier.throttles', {
    description: 'Throttling answers from carriers, by carrier and scope (bind or destination)',
  });
  return throttles;
}

/** A bound SMPP session ended other than by our own shutdown; the link connects again. */
export function recordCarrierSessionReset(carrier: string, reason: CarrierSessionReset): void {
  resetCounter().add(1, { carrier, reason });
}

function resetCounter(): Counter {
  resets ??= meter().createCounter('sms.carrier.session.resets', {
    description: 'Bound SMPP sessions reset or lost, by carrier and reason',
  });
  return resets;
}

/**
 * The binds of this replica per carrier (bound, down), the window in use and in force, the TPS in
 * force (both slowed by throttling) and the parts accepted per second, read from `read` when the
 * metrics are collected. Called once per process.
 */
export function observeCarriers(read: () => CarrierStatus[]): void {
  const binds = meter().createObservableGauge('sms.carrier.binds', {
    description: 'SMPP binds of this replica by carrier and state (bound, down)',
  });
  const windowInUse = meter().createObservableGauge('sms.carrier.window.in_use', {
    description: 'Submits awaiting their response, summed over the binds of this replica',
  });
  const windowLimit = meter().createObservableGauge('sms.carrier.window.limit', {
    description: 'Submits the bound binds of this replica may have awaiting a response now (halved by throttling)',
  });
  const tpsLimit = meter().createObservableGauge('sms.carrier.tps.limit', {
    description: 'Submits a second the bound binds of this replica may send now (halved by throttling)',
  });
  const throughput = meter().createObservableGauge('sms.carrier.throughput', {
    description: 'Parts the carrier accepted per second over the last 10 seconds, on this replica',
  });
  meter().addBatchObservableCallback(
    (result) => {
      for (const carrier of read()) {
        const labels = { carrier: carrier.name };
        // A down bind submits nothing: the limits in force are the bound binds'.
        const bound = carrier.binds.filter((b) => b.bound);
        result.observe(binds, bound.length, { ...labels, state: 'bound' });
        result.observe(binds, carrier.binds.length - bound.length, { ...labels, state: 'down' });
        result.observe(windowInUse, carrier.window_in_use, labels);
        result.observe(
          windowLimit,
          sum(bound, (b) => b.window),
          labels,
        );
        result.observe(
          tpsLimit,
          sum(bound, (b) => b.tps),
          labels,
        );
        result.observe(throughput, carrier.throughput, labels);
      }
    },
    [binds, windowInUse, windowLimit, tpsLimit, throughput],
  );
}

function sum<T>(items: readonly T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + of(item), 0);
}
