import type { Logger } from '@otp/platform';
import type { Inbox } from '../inbox/inbox.js';
import type { DeliveryState, VerificationRequest, VerificationRequests } from './requests.js';
import { signReport } from './signature.js';

const ATTEMPTS = 3;

/**
 * Plays a request's scenario after the send: each step changes the delivery status, the inbox
 * entry, and posts a signed delivery report (the RequestStatus) to the request's callback_url.
 *
 * The provider's API has no "failed" delivery status: a message it gives up on before its ttl is
 * reported as `expired` with an `updated_at` long before the ttl ends (scenario "failed"); the
 * messenger service reads an early `expired` as `failed`.
 */
export class DeliveryReports {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly deps: {
      requests: VerificationRequests;
      inbox: Inbox;
      token: string;
      delayMs: number;
      logger: Logger;
    },
  ) {}

  play(request: VerificationRequest): void {
    const { delayMs } = this.deps;
    switch (request.scenario) {
      case 'delivered':
      case 'slow_answer':
        this.after(delayMs, request, 'delivered');
        break;
      case 'delivered_then_read':
        this.after(delayMs, request, 'delivered');
        this.after(2 * delayMs, request, 'read');
        break;
      case 'failed':
        this.after(delayMs, request, 'expired', 'failed');
        break;
      case 'revoked':
        this.after(delayMs, request, 'revoked');
        break;
      case 'never_delivered':
        this.after(request.ttlSeconds * 1000, request, 'expired');
        break;
      case 'no_account':
        break;
    }
  }

  /** A revoke asked for through the API is reported like any other change. */
  revoked(request: VerificationRequest): void {
    this.deps.inbox.setStatus(request.requestId, 'revoked');
    void this.post(request);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private after(ms: number, request: VerificationRequest, status: DeliveryState, inboxStatus: string = status): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.deps.requests.setDelivery(request, status)) return;
      this.deps.inbox.setStatus(request.requestId, inboxStatus);
      void this.post(request);
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private async post(request: VerificationRequest): Promise<void> {
    if (!request.callbackUrl) return;
    const body = JSON.stringify(this.deps.requests.status(request));
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      'content-type': 'application/json',
      'x-request-timestamp': timestamp,
      'x-request-signature': signReport(this.deps.token, timestamp, body),
    };
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      try {
        const response = await fetch(request.callbackUrl, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(5000),
        });
        if (response.ok) return;
        this.deps.logger.warn({ status: response.status, attempt }, 'delivery report refused');
      } catch (error) {
        this.deps.logger.warn({ err: error, attempt }, 'delivery report not delivered');
      }
      await new Promise((resolve) => setTimeout(resolve, this.deps.delayMs * attempt).unref());
    }
  }
}
