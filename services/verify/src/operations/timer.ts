import { PeriodicTask } from '@otp/platform';
import { advanceVerification } from './advance.js';
import type { FlowDeps } from './deps.js';
import { settle } from './settle.js';

const BATCH = 100;

/**
 * Moves verifications along without anyone reading them: the SMS fallback when the wait passes
 * (so users get their SMS without polling), expiry, and settlements a peer outage interrupted.
 * Safe with several replicas: every step holds its row and is a no-op once done.
 */
export class VerificationTimer {
  private readonly task: PeriodicTask;

  constructor(
    private readonly deps: FlowDeps,
    intervalMs: number,
  ) {
    this.task = new PeriodicTask({
      name: 'verification timer',
      intervalMs,
      logger: deps.logger,
      pass: () => this.tick(),
    });
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  async tick(): Promise<void> {
    try {
      // Each is decided on the batch's copy; one that changed since is decided again on its current row.
      for (const verification of await this.deps.store.due(this.deps.clock.now(), BATCH)) {
        await advanceVerification(this.deps, verification.sid, verification).catch((error: unknown) =>
          this.deps.logger.warn({ sid: verification.sid, err: error }, 'timer could not advance'),
        );
      }
      for (const sid of await this.deps.store.unsettledSids(BATCH)) {
        await settle(this.deps, sid).catch((error: unknown) =>
          this.deps.logger.warn({ sid, err: error }, 'timer could not settle'),
        );
      }
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'timer pass failed');
    }
  }
}
