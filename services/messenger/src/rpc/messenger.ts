import { DomainError, implement, logFilter, type Logger } from '@otp/platform';
import type { MessengerHandlers } from '@otp/proto';
import { codeRecord } from '../domain/public-code.js';
import { parseMetadata, type Purpose } from '../domain/send-request.js';
import { SHOWN_STATUSES } from '../domain/status.js';
import type { MessengerSettings } from '../domain/settings.js';
import type { MessengerDeps } from '../operations/deps.js';
import { applyProviderReport } from '../operations/provider-report.js';
import { readCode, settleCode } from '../operations/read-code.js';
import { sendCode } from '../operations/send-code.js';
import { readSettings, updateSettings } from '../operations/settings.js';
import { verifyCode } from '../operations/verify-code.js';
import { ProviderUnavailable } from '../provider/client.js';
import type { Code } from '../store/codes.js';

function required(value: string, field: string): string {
  if (!value) throw new DomainError('INVALID_ARGUMENT', `${field} is required`);
  return value;
}

function purposeOf(value: string): Purpose {
  if (value === '' || value === 'direct') return 'direct';
  if (value === 'verify') return 'verify';
  throw new DomainError('INVALID_ARGUMENT', 'purpose must be "direct" or "verify"');
}

/** The CodeMessage of messenger.proto. */
function toMessage(code: Code) {
  return {
    ...codeRecord(code),
    project_id: code.projectId,
    purpose: code.purpose,
    ...(code.verificationStatus ? { verification_status: code.verificationStatus } : {}),
    ...(code.callbackUrl ? { callback: code.callbackUrl } : {}),
  };
}

function toSettingsMessage(settings: MessengerSettings) {
  return {
    enabled: settings.enabled,
    code_length: settings.codeLength,
    ttl_seconds: settings.ttlSeconds,
    ...(settings.callbackUrl ? { callback_url: settings.callbackUrl } : {}),
  };
}

/** A provider outage is the platform's problem, not the caller's: 503, never a 500. */
async function providerSafe<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderUnavailable)
      throw new DomainError('SERVICE_UNAVAILABLE', 'the messenger provider is unavailable');
    throw error;
  }
}

export function messengerHandlers(deps: MessengerDeps, logger: Logger): MessengerHandlers {
  return implement<MessengerHandlers>(logger, {
    async Send(request) {
      const { value: code, replayed } = await providerSafe(() =>
        sendCode(
          deps,
          {
            projectId: required(request.project_id, 'project_id'),
            to: request.to,
            metadata: parseMetadata(request.metadata_json),
            purpose: purposeOf(request.purpose),
            ...(request.code !== undefined ? { code: request.code } : {}),
            ...(request.callback !== undefined ? { callback: request.callback } : {}),
            ...(request.ttl_seconds !== undefined ? { ttlSeconds: request.ttl_seconds } : {}),
          },
          request.request_key,
          request.request_hash,
        ),
      );
      logger.info({ sid: code.sid, project_id: code.projectId, purpose: code.purpose }, 'messenger code sent');
      return { ...toMessage(code), replayed };
    },

    async Get(request) {
      return toMessage(
        await providerSafe(() =>
          readCode(deps, required(request.project_id, 'project_id'), required(request.sid, 'sid')),
        ),
      );
    },

    async List(request) {
      const codes = await deps.codes.list(logFilter(request, 'TG', SHOWN_STATUSES));
      return { codes: codes.map((code) => ({ ...toMessage(code), checks: code.checks })) };
    },

    async VerifyCode(request) {
      const result = await providerSafe(() =>
        verifyCode(deps, required(request.project_id, 'project_id'), required(request.sid, 'sid'), request.code),
      );
      return { valid: result.valid, verification_status: result.verificationStatus, message: toMessage(result.code) };
    },

    async Settle(request) {
      return toMessage(
        await providerSafe(() =>
          settleCode(deps, required(request.project_id, 'project_id'), required(request.sid, 'sid'), request.code_used),
        ),
      );
    },

    async ApplyProviderReport(request) {
      const outcome = await applyProviderReport(deps, {
        body: Buffer.from(request.body),
        timestamp: request.timestamp,
        signature: request.signature,
      });
      logger.info({ applied: outcome.applied }, 'provider report');
      return outcome;
    },

    async GetSettings(request) {
      return toSettingsMessage(await readSettings(deps, required(request.project_id, 'project_id')));
    },

    async UpdateSettings(request) {
      const settings = await updateSettings(deps, required(request.project_id, 'project_id'), {
        ...(request.enabled !== undefined ? { enabled: request.enabled } : {}),
        ...(request.code_length !== undefined ? { codeLength: request.code_length } : {}),
        ...(request.ttl_seconds !== undefined ? { ttlSeconds: request.ttl_seconds } : {}),
        ...(request.clear_callback_url
          ? { callbackUrl: null }
          : request.callback_url !== undefined
            ? { callbackUrl: request.callback_url }
            : {}),
      });
      logger.info({ project_id: request.project_id }, 'messenger settings updated');
      return toSettingsMessage(settings);
    },
  });
}
