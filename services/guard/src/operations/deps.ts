import type { BillingClient } from '@otp/proto';
import type { Clock, Logger, PromiseClient } from '@otp/platform';
import type { SettingsStore } from '../store/settings.js';
import type { StartStore } from '../store/starts.js';

export interface GuardDeps {
  starts: StartStore;
  settings: SettingsStore;
  billing: PromiseClient<BillingClient>;
  clock: Clock;
  logger: Logger;
  /** Publishes committed outbox rows now rather than at the relay's next tick. */
  wakeRelay: () => void;
}
