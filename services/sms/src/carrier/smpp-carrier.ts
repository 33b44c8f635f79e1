import smpp from 'smpp';
import type { CarrierStatus, Logger } from '@otp/platform';
import type { CarrierAvailability } from '../domain/routes.js';
import { classifySubmitStatus, describeSubmitStatus } from '../domain/submit-status.js';
import { BindDownError, type Carrier, type CarrierReceipt, type OutgoingParts, type PartOutcome } from './carrier.js';
import type { CarrierDefinition } from './carriers-file.js';
import { SmppBind } from './smpp-bind.js';
import { submitSmPdus } from './submit-sm.js';

/** A carrier of the carriers file, with what every carrier shares. */
export type SmppCarrierOptions = CarrierDefinition & {
  recoverEveryMs: number;
  logger: Logger;
  onReceipt: (carrier: string, receipt: CarrierReceipt) => Promise<void>;
};

/** Parts accepted per second over this span: the admin's throughput figure. */
const THROUGHPUT_SPAN_MS = 10_000;

/**
 * One carrier: several binds to one SMSC, each part of a message through the bind with the
 * least queued, so the carrier's capacity is the sum of its binds'.
 */
export class SmppCarrier implements Carrier {
  readonly name: string;
  readonly answerWithinMs: number;
  private readonly binds: SmppBind[];
  private readonly acceptedAt: number[] = [];
  private counts = { submitted: 0, accepted: 0, refused: 0 };
  private lastError: { message: string; at: Date } | undefined;

  constructor(private readonly options: SmppCarrierOptions) {
    this.name = options.name;
    this.answerWithinMs = options.submitTimeoutMs;
    this.binds = Array.from(
      { length: options.binds },
      () =>
        new SmppBind({
          ...options,
          logger: options.logger.child({ carrier: options.name }),
          onReceipt: (receipt) => options.onReceipt(options.name, receipt),
          onError: (message) => this.noteError(message),
        }),
    );
  }

  start(): void {
    for (const bind of this.binds) bind.start();
  }

  availability(): CarrierAvailability {
    const now = Date.now();
    const bound = this.binds.filter((b) => b.isBound);
    if (bound.length === 0) return 'down';
    return bound.every((b) => b.pace.throttledRecently(now)) ? 'throttled' : 'ready';
  }

  async submit(message: OutgoingParts): Promise<PartOutcome[]> {
    const pdus = submitSmPdus(message, this.options.dataCoding);
    return Promise.all(
      message.parts.map(async ({ sequence }, index): Promise<PartOutcome> => {
        const bind = this.leastLoaded();
        if (!bind) return { sequence, result: 'not_sent', reason: `carrier ${this.name}: every bind is down` };
        this.counts.submitted += 1;
        try {
          const response = await bind.submit(pdus[index]!);
          const status = response.command_status;
          if (status === smpp.ESME_ROK) {
            this.counts.accepted += 1;
            this.acceptedAt.push(Date.now());
            this.forgetOldAccepts();
            return { sequence, result: 'accepted', carrierMessageId: String(response.message_id ?? '') };
          }
          this.counts.refused += 1;
          if (classifySubmitStatus(status) === 'throttled') bind.throttled();
          this.noteError(`refused a part: ${describeSubmitStatus(status)}`);
          return { sequence, result: 'refused', status };
        } catch (error) {
          const reason = `carrier ${this.name}: ${error instanceof Error ? error.message : String(error)}`;
          this.noteError(reason);
          if (error instanceof BindDownError) return { sequence, result: 'not_sent', reason };
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

  private noteError(message: string): void {
    this.lastError = { message, at: new Date() };
  }
}
