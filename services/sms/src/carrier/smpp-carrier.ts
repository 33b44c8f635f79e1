import {
  countCarrierFromZero,
  recordCarrierSessionReset,
  recordCarrierSubmit,
  recordCarrierThrottle,
  type CarrierStatus,
  type Logger,
} from '@otp/platform';
import { carrierHealth } from '../domain/carrier-health.js';
import { DestinationBackoff } from '../domain/destination-backoff.js';
import { ThrottleScope } from '../domain/throttle-scope.js';
import type { CarrierIdFormats } from '../domain/receipts.js';
import type { CarrierAvailability } from '../domain/routes.js';
import { classifySubmitStatus, commandStatusLabel, describeSubmitStatus } from '../domain/submit-status.js';
import { wireText } from '../domain/wire-text.js';
import { BindDownError, type Carrier, type CarrierReceipt, type OutgoingParts, type PartOutcome } from './carrier.js';
import type { CarrierDefinition } from './carriers-file.js';
import { COMMAND, STATUS } from './pdu-decode.js';
import { SmppBind } from './smpp-bind.js';
import { unbindWaitMs } from './smpp-link.js';
import { submitSmPdu } from './submit-sm.js';

/** A carrier of the carriers file, with what every carrier shares. */
export type SmppCarrierOptions = CarrierDefinition & {
  recoverEveryMs: number;
  /** The first wait of a destination the carrier throttles (SMS_THROTTLE_RETRY_MS). */
  destinationBackoffMs: number;
  logger: Logger;
  onReceipt: (carrier: Pick<Carrier, 'name' | 'idFormats'>, receipt: CarrierReceipt) => Promise<void>;
};

/** Parts accepted per second over this span: the admin's throughput figure. */
const THROUGHPUT_SPAN_MS = 10_000;

/**
 * One carrier: several binds to one SMSC, each part of a message through the bind with the
 * least queued, so the carrier's capacity is the sum of its binds'. A number the carrier throttles
 * backs off here (DestinationBackoff); only throttling of more than one number slows a bind
 * (ThrottleScope).
 */
export class SmppCarrier implements Carrier {
  readonly name: string;
  readonly answerWithinMs: number;
  readonly idFormats: CarrierIdFormats;
  private readonly binds: SmppBind[];
  private readonly backoff: DestinationBackoff;
  private readonly throttleScope: ThrottleScope;
  private readonly acceptedAt: number[] = [];
  private counts = { submitted: 0, accepted: 0, refused: 0 };
  private lastError: { message: string; at: Date } | undefined;

  constructor(private readonly options: SmppCarrierOptions) {
    this.name = options.name;
    this.idFormats = options.idFormats;
    // A late answer is taken while the reset session unbinds; a little more for the write of it.
    this.answerWithinMs = options.submitTimeoutMs + unbindWaitMs(options.submitTimeoutMs) + 1000;
    this.backoff = new DestinationBackoff(options.destinationBackoffMs);
    this.throttleScope = new ThrottleScope(options.recoverEveryMs);
    countCarrierFromZero(options.name);
    this.binds = Array.from(
      { length: options.binds },
      (_, index) =>
        new SmppBind({
          ...options,
          logger: options.logger.child({ carrier: options.name, bind: index + 1 }),
          onReceipt: (receipt) => options.onReceipt(this, receipt),
          onError: (message) => this.noteError(`bind ${index + 1}: ${message}`),
          onSessionReset: (reason) => recordCarrierSessionReset(this.name, reason),
        }),
    );
  }

  start(): void {
    for (const bind of this.binds) bind.start();
  }

  availability(): CarrierAvailability {
    const now = Date.now();
    return carrierHealth(this.binds.map((b) => b.health(now)));
  }

  destinationWaitMs(to: string): number {
    return this.backoff.waitMs(to, Date.now());
  }

  async submit(message: OutgoingParts): Promise<PartOutcome[]> {
    const wire = wireText(message.plan, this.options.dataCoding);
    return Promise.all(
      message.sequences.map(async (sequence): Promise<PartOutcome> => {
        const bind = this.leastLoaded();
        if (!bind) return { sequence, result: 'not_sent', reason: `carrier ${this.name}: every bind is down` };
        this.counts.submitted += 1;
        try {
          const answer = await bind.submit(submitSmPdu(message, wire, sequence));
          // generic_nack answers a submit the carrier could not read: a refusal like any other.
          const status =
            answer.header.commandId === COMMAND.generic_nack && answer.header.status === STATUS.ESME_ROK
              ? STATUS.ESME_RSYSERR
              : answer.header.status;
          const submitClass = classifySubmitStatus(status);
          recordCarrierSubmit(this.name, submitClass, commandStatusLabel(status));
          if (status === STATUS.ESME_ROK) {
            this.counts.accepted += 1;
            this.acceptedAt.push(Date.now());
            this.forgetOldAccepts();
            this.backoff.accepted(message.to);
            return { sequence, result: 'accepted', carrierMessageId: answer.id ?? '' };
          }
          this.counts.refused += 1;
          if (submitClass === 'throttled') {
            const bindWide = this.throttleScope.bindWide(message.to, Date.now());
            recordCarrierThrottle(this.name, bindWide ? 'bind' : 'destination');
            bind.throttled(bindWide);
            this.backoff.throttled(message.to, Date.now());
          }
          this.noteError(`refused a part: ${describeSubmitStatus(status)}`);
          return { sequence, result: 'refused', status };
        } catch (error) {
          const reason = `carrier ${this.name}: ${error instanceof Error ? error.message : String(error)}`;
          this.noteError(reason);
          if (error instanceof BindDownError) return { sequence, result: 'not_sent', reason };
          recordCarrierSubmit(this.name, 'no_answer', 'none');
          return { sequence, result: 'no_answer', reason };
        }
      }),
    );
  }

  status(): CarrierStatus {
    this.forgetOldAccepts();
    const binds = this.binds.map((b) => b.status());
    return {
      name: this.name,
      host: this.options.host,
      port: this.options.port,
      health: this.availability(),
      binds,
      window_in_use: binds.reduce((sum, b) => sum + b.window_in_use, 0),
      throughput: Math.round((this.acceptedAt.length / (THROUGHPUT_SPAN_MS / 1000)) * 10) / 10,
      ...this.counts,
      last_error: this.lastError?.message ?? null,
      last_error_at: this.lastError?.at.toISOString() ?? null,
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.binds.map((b) => b.close()));
  }

  private leastLoaded(): SmppBind | undefined {
    let best: SmppBind | undefined;
    for (const bind of this.binds) if (bind.isBound && (!best || bind.load < best.load)) best = bind;
    return best;
  }

  private forgetOldAccepts(): void {
    const since = Date.now() - THROUGHPUT_SPAN_MS;
    let drop = 0;
    while (drop < this.acceptedAt.length && this.acceptedAt[drop]! < since) drop += 1;
    if (drop > 0) this.acceptedAt.splice(0, drop);
  }

  /** Kept until a later error replaces it: a carrier that recovered still shows what went wrong last. */
  private noteError(message: string): void {
    this.lastError = { message, at: new Date() };
  }
}
