import type { Clock, Logger, PriceLists, SettingsCache, StatementRunner, WritesInProgress } from '@otp/platform';
import type { VerifySettings } from '../domain/settings.js';
import type { Peers } from '../peers.js';
import type { CodeVault } from '../secrets/code-vault.js';
import type { Db } from '../store/database.js';
import type { StartIntentStore } from '../store/start-intents.js';
import type { VerificationStore } from '../store/verifications.js';

/** What the verification flows need; main.ts builds it once. */
export interface FlowDeps {
  db: Db;
  /** Named statements on the pool Prisma shares (the hot paths' reads, docs/developing.md). */
  statements: StatementRunner;
  /** The settings a start reads, at most a second old (a change through this process: at once). */
  settings: SettingsCache<VerifySettings>;
  /** Billing's rate card and fees, kept (a start's fees and its destination's price, no Billing call). */
  prices: PriceLists;
  /**
   * The SMS service's answer to "which approved sender would Verify's SMS use", by project and
   * verify sender setting, at most a second old (only answers that found one are kept).
   */
  smsSenders: SettingsCache<string>;
  store: VerificationStore;
  intents: StartIntentStore;
  peers: Peers;
  vault: CodeVault;
  clock: Clock;
  logger: Logger;
  /** Divides expiry and fallback wait (VERIFY_TIME_SCALE; 1 in production). */
  timeScale: number;
  /** Bound for a transaction that calls peers while it holds a verification. */
  lockTimeoutMs: number;
  /** How long a start owns its intent before the recovery pass may finish it (RECOVERY_AFTER_MS). */
  recoveryAfterMs: number;
  /** How often the recovery pass runs; also the wait between two tries to give money back. */
  recoveryIntervalMs: number;
  /** Asks the outbox relay to publish now (after a commit that wrote an event). */
  wakeRelay(): void;
  /**
   * The starts this process is finishing, by verification sid: a channel's report of a send that
   * such a start made waits until the start has recorded it (finishStart), then finds its copy.
   */
  startWrites: WritesInProgress;
}
