import { DomainError, implement, UUID_PATTERN, type Logger } from '@otp/platform';
import type { WebhooksHandlers } from '@otp/proto';
import { DELIVERY_STATUSES, type DeliveryStatus, type Deliveries, type ListedDelivery } from '../store/deliveries.js';
import type { Secrets, StoredSecret } from '../store/secrets.js';

const PAGE_DEFAULT = 50;
const PAGE_MAX = 500;

function required(value: string, field: string): string {
  if (!value) throw new DomainError('INVALID_ARGUMENT', `${field} is required`);
  return value;
}

function secretsMessage(secrets: StoredSecret[]) {
  return {
    secrets: secrets.map((s) => ({
      secret: s.secret,
      created_at: s.createdAt.toISOString(),
      ...(s.expiresAt ? { expires_at: s.expiresAt.toISOString() } : {}),
    })),
  };
}

function deliveryMessage(d: ListedDelivery) {
  return {
    id: d.id,
    project_id: d.projectId,
    event_id: d.eventId,
    event_type: d.eventType,
    url: d.url,
    status: d.status,
    attempts: d.attempts,
    ...(d.lastStatusCode !== null ? { last_status_code: d.lastStatusCode } : {}),
    ...(d.lastError !== null ? { last_error: d.lastError } : {}),
    ...(d.status === 'pending' && d.nextAttemptAt ? { next_attempt_at: d.nextAttemptAt.toISOString() } : {}),
    created_at: d.createdAt.toISOString(),
    recent_attempts: d.attemptLog.map((a) => ({
      number: a.number,
      series: a.series,
      status: a.status,
      started_at: a.startedAt.toISOString(),
      duration_ms: a.durationMs,
      ...(a.statusCode !== null ? { status_code: a.statusCode } : {}),
      ...(a.error !== null ? { error: a.error } : {}),
      response_snippet: a.responseSnippet,
    })),
  };
}

export function webhooksHandlers(deps: { secrets: Secrets; deliveries: Deliveries; logger: Logger }): WebhooksHandlers {
  return implement<WebhooksHandlers>(deps.logger, {
    async GetSecrets(request) {
      return secretsMessage(await deps.secrets.valid(required(request.project_id, 'project_id')));
    },

    async RotateSecret(request) {
      const secrets = await deps.secrets.rotate(required(request.project_id, 'project_id'));
      deps.logger.info({ project_id: request.project_id }, 'webhook signing secret rotated');
      return secretsMessage(secrets);
    },

    async RevokePreviousSecrets(request) {
      const { secrets, revoked } = await deps.secrets.revokePrevious(required(request.project_id, 'project_id'));
      deps.logger.info({ project_id: request.project_id, revoked }, 'previous webhook signing secrets revoked');
      return secretsMessage(secrets);
    },

    async ListDeliveries(request) {
      const projectId = required(request.project_id, 'project_id');
      const status = request.status || undefined;
      if (status !== undefined && !DELIVERY_STATUSES.includes(status as DeliveryStatus)) {
        throw new DomainError('INVALID_ARGUMENT', `status must be one of ${DELIVERY_STATUSES.join(', ')}`);
      }
      const limit = Math.min(request.limit > 0 ? request.limit : PAGE_DEFAULT, PAGE_MAX);
      const deliveries = await deps.deliveries.list(projectId, status as DeliveryStatus | undefined, limit);
      return { deliveries: deliveries.map(deliveryMessage) };
    },

    async ReplayDelivery(request) {
      const projectId = required(request.project_id, 'project_id');
      const deliveryId = required(request.delivery_id, 'delivery_id');
      if (!UUID_PATTERN.test(deliveryId))
        throw new DomainError('DELIVERY_NOT_FOUND', `no delivery ${deliveryId} in project ${projectId}`);
      const delivery = await deps.deliveries.replay(projectId, deliveryId);
      deps.logger.info({ project_id: projectId, delivery_id: deliveryId }, 'webhook delivery replayed');
      return deliveryMessage(delivery);
    },
  });
}
