// What the simulated provider bills the operator, per phone number, as the real gateway API does:
// a successful checkSendAbility is charged (the request it returns can then be sent without a
// second charge); a sendVerificationMessage without such a request_id is charged itself. Tests
// read it over HTTP (GET /messenger-api-usage) to prove what the platform cost the operator.

export type ProviderMethod =
  'checkSendAbility' | 'sendVerificationMessage' | 'checkVerificationStatus' | 'revokeVerificationMessage';

export interface NumberUsage {
  to: string;
  /** Calls received for the number, by method (refused ones included). */
  calls: Record<ProviderMethod, number>;
  /** What the provider charged the operator for the number, in cents. */
  charged_cents: number;
}

const noCalls = (): Record<ProviderMethod, number> => ({
  checkSendAbility: 0,
  sendVerificationMessage: 0,
  checkVerificationStatus: 0,
  revokeVerificationMessage: 0,
});

export class ProviderUsage {
  private readonly byNumber = new Map<string, NumberUsage>();

  constructor(private readonly feeCents: number) {}

  private entry(to: string): NumberUsage {
    let usage = this.byNumber.get(to);
    if (!usage) {
      usage = { to, calls: noCalls(), charged_cents: 0 };
      this.byNumber.set(to, usage);
    }
    return usage;
  }

  call(to: string, method: ProviderMethod): void {
    this.entry(to).calls[method] += 1;
  }

  charge(to: string): void {
    this.entry(to).charged_cents += this.feeCents;
  }

  of(to: string): NumberUsage {
    const usage = this.byNumber.get(to);
    return usage ? { ...usage, calls: { ...usage.calls } } : { to, calls: noCalls(), charged_cents: 0 };
  }

  clear(): void {
    this.byNumber.clear();
  }
}
