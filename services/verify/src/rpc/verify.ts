import {
  DomainError,
  implement,
  isStorableJson,
  logFilter,
  normalizePhone,
  parseSid,
  phoneProblem,
  type Logger,
} from '@otp/platform';
import type { VerifyHandlers } from '@otp/proto';
import type { VerifySettings as VerifySettingsMessage } from '@otp/proto/dist/generated/otp/verify/v1/VerifySettings.js';
import type { VerifySettings } from '../domain/settings.js';
import { checkCode, readVerification } from '../operations/check.js';
import type { FlowDeps } from '../operations/deps.js';
import { updateSettings } from '../operations/settings.js';
import { startVerification } from '../operations/start.js';
import { loadSettings } from '../store/settings.js';
import { dailyStats, listVerifications } from '../store/verification-list.js';
import { toMessage } from '../views/verification-message.js';

function required(value: string, field: string): string {
  if (!value) throw new DomainError('INVALID_ARGUMENT', `${field} is required`);
  return value;
}

function sidOf(value: string): string {
  const sid = parseSid('VE', value);
  if (!sid) throw new DomainError('INVALID_MESSAGE_SID', 'sid must be VE followed by 24 hex characters');
  return sid;
}

function metadataOf(json: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json || '{}');
  } catch {
    // reported below
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new DomainError('INVALID_REQUEST_BODY', 'metadata: must be an object');
  }
  if (!isStorableJson(value)) {
    throw new DomainError('INVALID_REQUEST_BODY', 'metadata: text must not contain NUL or lone surrogates');
  }
  return value as Record<string, unknown>;
}

const MAX_DAYS = 92;

function settingsMessage(settings: VerifySettings): VerifySettingsMessage {
  return {
    enabled: settings.enabled,
    channel: settings.channel,
    sms_fallback: settings.smsFallback,
    switch_on_failure: settings.switchOnFailure,
    fallback_wait_seconds: settings.fallbackWaitSeconds,
    code_length: settings.codeLength,
    expiry_minutes: settings.expiryMinutes,
    max_wrong_codes: settings.maxWrongCodes,
    ...(settings.senderId ? { sender_id: settings.senderId } : {}),
    sms_text: settings.smsText,
    ...(settings.callbackUrl ? { callback_url: settings.callbackUrl } : {}),
  };
}

export function verifyHandlers(deps: FlowDeps, logger: Logger): VerifyHandlers {
  return implement<VerifyHandlers>(logger, {
    async Start(request) {
      const to = required(request.to, 'to');
      const phone = normalizePhone(to);
      if (!phone) throw new DomainError('INVALID_REQUEST_BODY', phoneProblem('to', to)!);
      const { value, replayed } = await startVerification(deps, {
        projectId: required(request.project_id, 'project_id'),
        to: phone.e164,
        callback: request.callback || null,
        metadata: metadataOf(request.metadata_json),
        requestKey: request.request_key || null,
        requestHash: request.request_hash || null,
      });
      return { ...toMessage(value), replayed };
    },

    async Get(request) {
      return toMessage(await readVerification(deps, required(request.project_id, 'project_id'), sidOf(request.sid)));
    },

    async Check(request) {
      const result = await checkCode(
        deps,
        required(request.project_id, 'project_id'),
        sidOf(request.sid),
        request.code,
      );
      return { valid: result.valid, verification: toMessage(result.verification) };
    },

    async List(request) {
      const filter = logFilter(request, 'VE', ['pending', 'approved', 'expired', 'failed']);
      return { verifications: (await listVerifications(deps.db, filter)).map(toMessage) };
    },

    async DailyStats(request) {
      const days = Math.min(Math.max(request.days || 30, 1), MAX_DAYS);
      const today = new Date(deps.clock.now());
      const since = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (days - 1)));
      const rows = await dailyStats(deps.db, required(request.project_id, 'project_id'), since, days);
      return {
        days: rows.map((r) => ({ day: r.day, started: r.started, approved: r.approved, cost_cents: r.costCents })),
      };
    },

    async GetSettings(request) {
      return settingsMessage(await loadSettings(deps.statements, required(request.project_id, 'project_id')));
    },

    async UpdateSettings(request) {
      const projectId = required(request.project_id, 'project_id');
      const settings = await updateSettings(deps, projectId, request.patch_json);
      logger.info(
        { project_id: projectId, fields: Object.keys(JSON.parse(request.patch_json || '{}') as object) },
        'verify settings changed',
      );
      return settingsMessage(settings);
    },
  });
}
