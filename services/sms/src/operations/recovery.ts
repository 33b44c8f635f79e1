import type { JetStreamClient } from '@nats-io/jetstream';
import { PeriodicTask, type Clock, type Logger } from '@otp/platform';
import { enqueueSms } from '../events/outbound-queue.js';
import type { SendIntents } from '../store/send-intents.js';
import { giveMoneyBack, type MoneyBackDeps } from './money-back.js';

export interface RecoveryDeps extends MoneyBackDeps {
  intents: SendIntents;
  js: JetStreamClient;
  clock: Clock;
  logger: Logger;
  queueTimeoutMs: number;
  /** How old an unfinished row must be before it counts as abandoned (RECOVERY_AFTER_MS). */
  afterMs: number;
  intervalMs: number;
}

const BATCH = 100;

/**
 * Finishes or undoes what a crash interrupted, at start and every RECOVERY_INTERVAL_MS. Each step
 * is keyed or conditional, so two replicas (or a pass and a live request) never act twice:
 * - an intent (`accepted`) nobody finished within RECOVERY_AFTER_MS is discarded and whatever it
 *   may have held is released (nothing was sent: it never reached the queue);
 * - a `queued` message untouched for RECOVERY_AFTER_MS is published again (a crash between saving
 *   and publishing leaves one that is not on the queue; a second queue message for a sid that is
 *   there is harmless: only one queue message can claim it);
 * - a release or refund Billing has not confirmed (`money_due`) is tried again.
 */
export class SendRecovery {
  private readonly task: PeriodicTask;

  constructor(private readonly deps: RecoveryDeps) {
    this.task = new PeriodicTask({
      name: 'sms recovery',
      intervalMs: deps.intervalMs,
      logger: deps.logger,
      pass: () => this.pass().then(() => undefined),
    });
  }

  start(): void {
    this.task.start({ passNow: true });
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** One pass; returns how many rows it acted on. */
  async pass(): Promise<number> {
    const { intents, clock, logger } = this.deps;
    const now = clock.now();
    const cutoff = new Date(now.getTime() - this.deps.afterMs);
    let acted = 0;

    const abandoned = await intents.discardAbandoned(cutoff, now, BATCH);
    if (abandoned.length > 0) logger.warn({ count: abandoned.length }, 'abandoned sms intents discarded');
    acted += abandoned.length;

    const due = [...abandoned, ...(await intents.moneyDue(cutoff, BATCH))];
    for (const row of new Map(due.map((r) => [r.sid, r])).values()) {
      if (this.task.stopping) break;
      await giveMoneyBack(this.deps, row).then(
        () => logger.info({ sid: row.sid, status: row.status }, 'money of an unsent sms given back'),
        (error: unknown) => logger.warn({ sid: row.sid, err: error }, 'money of an unsent sms not given back yet'),
      );
      acted += 1;
    }

    const stale = await intents.takeStaleQueued(cutoff, now, BATCH);
    for (const sid of stale) {
      if (this.task.stopping) break;
      await enqueueSms(this.deps.js, sid, this.deps.queueTimeoutMs).catch((error: unknown) =>
        logger.warn({ sid, err: error }, 'queued sms not published again yet'),
      );
    }
    return acted + stale.length;
  }
}
