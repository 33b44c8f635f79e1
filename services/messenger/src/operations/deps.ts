import type { Clock, Logger, PromiseClient } from '@otp/platform';
import type { BillingClient } from '@otp/proto';
import type { MessengerProvider } from '../provider/client.js';
import type { CodeStore } from '../store/codes.js';
import type { SettingsStore } from '../store/settings.js';

/** What the messenger's operations work with; main.ts wires the real ones. */
export interface MessengerDeps {
  codes: CodeStore;
  settings: SettingsStore;
  provider: MessengerProvider;
  billing: PromiseClient<BillingClient>;
  /** The flat fee of one code, in cents (Billing's `messenger` fee). */
  messengerFee: () => Promise<number>;
  clock: Clock;
  logger: Logger;
  rules: {
    /** The provider posts delivery reports here (the gateway's public report route). */
    reportUrl: string;
    /** Provider token: keys the report signatures. */
    apiToken: string;
    reportMaxAgeSeconds: number;
    expiryGraceMs: number;
    minTtlSeconds: number;
  };
}
