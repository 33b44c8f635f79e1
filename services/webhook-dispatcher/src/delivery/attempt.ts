import { propagation, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import { recordWebhookAttempt, type Clock, type Logger } from '@otp/platform';
import type { Agent } from 'undici';
import { describeStatus, verdictFor } from '../domain/attempt-verdict.js';
import { MAX_ATTEMPTS, retryDelayMs } from '../domain/retry-schedule.js';
import { webhookHeaders } from '../domain/signature.js';
import type { ClaimedDelivery, Deliveries, NextState } from '../store/deliveries.js';
import type { Secrets } from '../store/secrets.js';
import { postEvent, type PostOutcome } from './post.js';

const tracer = trace.getTracer('@otp/webhook-dispatcher');

export interface AttemptSettings {
  timeoutMs: number;
  snippetBytes: number;
  retryScale: number;
}

/** What the delivery becomes after this attempt (pure apart from the injected randomness). */
export function nextState(
  outcome: PostOutcome,
  attemptsInSeries: number,
  scale: number,
  random: () => number,
): NextState {
  const verdict = verdictFor(outcome);
  if (verdict === 'succeeded') return { status: 'succeeded' };
  const error = outcome.error ?? describeStatus(outcome.statusCode ?? 0);
  if (verdict === 'failed') return { status: 'failed', error };
  const wait = retryDelayMs(attemptsInSeries, { scale, random });
  if (wait === undefined) return { status: 'failed', error: `${error} (gave up after ${MAX_ATTEMPTS} attempts)` };
  return { status: 'pending', retryInMs: wait };
}

/** Signs with every valid secret of the project, records the try, POSTs once, completes the try. */
export class Attempts {
  constructor(
    private readonly deps: {
      deliveries: Deliveries;
      secrets: Secrets;
      agent: Agent;
      clock: Clock;
      logger: Logger;
      settings: AttemptSettings;
    },
  ) {}

  /** One attempt, traced as a child of the intake that stored the delivery (the event's trace). */
  run(claimed: ClaimedDelivery): Promise<void> {
    const parent = propagation.extract(ROOT_CONTEXT, claimed.traceContext);
    return tracer.startActiveSpan('webhook deliver', { kind: SpanKind.CLIENT }, parent, async (span) => {
      try {
        await this.attempt(claimed);
      } finally {
        span.end();
      }
    });
  }

  private async attempt(claimed: ClaimedDelivery): Promise<void> {
    const { settings, clock } = this.deps;
    const secrets = await this.deps.secrets.valid(claimed.projectId);
    const startedAt = clock.now();
    const started = await this.deps.deliveries.startAttempt(claimed, startedAt);
    if (!started) return;
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    const outcome = await postEvent({
      agent: this.deps.agent,
      url: claimed.url,
      headers: webhookHeaders(
        secrets.map((s) => s.secret),
        claimed.eventId,
        timestamp,
        claimed.body,
      ),
      body: claimed.body,
      timeoutMs: settings.timeoutMs,
      snippetBytes: settings.snippetBytes,
    });
    const next = nextState(outcome, claimed.seriesAttempts + 1, settings.retryScale, Math.random);
    await this.deps.deliveries.finishAttempt(
      claimed,
      started,
      {
        startedAt,
        durationMs: outcome.durationMs,
        ...(outcome.statusCode !== undefined ? { statusCode: outcome.statusCode } : {}),
        ...(outcome.error !== undefined ? { error: outcome.error } : {}),
        responseSnippet: outcome.responseSnippet,
      },
      next,
    );
    recordWebhookAttempt(
      outcome.failure === 'refused' ? 'refused' : next.status === 'pending' ? 'retrying' : next.status,
    );
    // The URL is the customer's and may carry tokens in its query: log the host only.
    this.deps.logger.info(
      {
        delivery_id: claimed.id,
        event_id: claimed.eventId,
        host: claimed.host,
        status_code: outcome.statusCode,
        error: outcome.error,
        duration_ms: outcome.durationMs,
        next: next.status,
      },
      'webhook attempt',
    );
  }
}
