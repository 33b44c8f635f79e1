import { DomainError, implement, logFilter, parseSid, type Clock, type Logger } from '@otp/platform';
import type { SmsHandlers } from '@otp/proto';
import type { Carriers } from '../carrier/carriers.js';
import type { SenderId } from '../generated/prisma/client.js';
import { isHttpUrl } from '../domain/send-request.js';
import { isValidSenderId } from '../domain/sender-id.js';
import { quoteSms } from '../operations/quote-sms.js';
import { sendSms, type SendDeps } from '../operations/send-sms.js';
import { SHOWN_STATUSES } from '../store/message-list.js';
import { messageView } from '../store/messages.js';
import type { SenderIds } from '../store/sender-ids.js';
import type { SmsSettingsChange, SmsSettingsValue } from '../domain/settings.js';
import type { SmsSettingsStore } from '../store/settings.js';

function required(value: string, field: string): string {
  if (!value) throw new DomainError('INVALID_ARGUMENT', `${field} is required`);
  return value;
}

function senderIdView(row: SenderId) {
  return {
    value: row.value,
    status: row.status,
    site: row.site,
    created_at: row.createdAt.toISOString(),
    ...(row.rejectionReason ? { rejection_reason: row.rejectionReason } : {}),
  };
}

export function smsHandlers(
  deps: SendDeps & {
    senderIds: SenderIds;
    settings: SmsSettingsStore;
    carriers: Carriers;
    clock: Clock;
    logger: Logger;
  },
): SmsHandlers {
  const { messages, senderIds, settings } = deps;

  /** Settings as shown: the default sender ID in the casing it was registered with. */
  async function settingsView(projectId: string, value: SmsSettingsValue) {
    const sender = value.defaultSenderId ? await senderIds.find(projectId, value.defaultSenderId) : null;
    return {
      enabled: value.enabled,
      ...(sender ? { default_sender_id: sender.value } : {}),
      ...(value.callbackUrl ? { callback_url: value.callbackUrl } : {}),
    };
  }

  return implement<SmsHandlers>(deps.logger, {
    async Send(request) {
      const { value, replayed } = await sendSms(
        deps,
        request.project_id,
        {
          to: request.to,
          body: request.body,
          from: request.from,
          callback: request.callback,
          metadata_json: request.metadata_json,
          purpose: request.purpose,
          masked_body: request.masked_body,
        },
        request.request_key,
        request.request_hash,
      );
      return { ...value, replayed };
    },

    async Quote(request) {
      const plan = await quoteSms(deps, request.project_id, {
        to: request.to,
        body: request.body,
        from: request.from,
        purpose: request.purpose,
      });
      return {
        from: plan.from,
        sms_segments: plan.segments.parts.length,
        price_cents: plan.quote.sms_price_cents,
        cost_cents: plan.costCents,
        verify_fee_cents: plan.quote.verify_fee_cents,
        messenger_fee_cents: plan.quote.messenger_fee_cents,
        fees_included: true,
      };
    },

    async Get(request) {
      const projectId = required(request.project_id, 'project_id');
      const sid = parseSid('SM', request.sid);
      if (!sid) throw new DomainError('INVALID_MESSAGE_SID', 'sid must be SM followed by 24 hex characters');
      const row = await messages.inProject(projectId, sid);
      // Another project's sid answers exactly like an unknown one.
      if (!row) throw new DomainError('MESSAGE_NOT_FOUND', `no SMS ${sid} in this project`);
      return messageView(row);
    },

    async ListMessages(request) {
      const rows = await messages.list(logFilter(request, 'SM', SHOWN_STATUSES));
      return { messages: rows.map(messageView) };
    },

    async RequestSenderId(request) {
      const projectId = required(request.project_id, 'project_id');
      if (!isValidSenderId(request.value)) {
        throw new DomainError('INVALID_REQUEST_BODY', 'value: 3-11 letters and digits, at least one letter');
      }
      if (!request.site.trim())
        throw new DomainError('INVALID_REQUEST_BODY', 'site: the site or app the sender ID is for is required');
      return senderIdView(await senderIds.request(projectId, request.value, request.site.trim(), deps.clock.now()));
    },

    async ApproveSenderId(request) {
      const projectId = required(request.project_id, 'project_id');
      return senderIdView(await senderIds.approve(projectId, required(request.value, 'value'), deps.clock.now()));
    },

    async RejectSenderId(request) {
      const projectId = required(request.project_id, 'project_id');
      const reason = request.reason.trim();
      if (!reason || reason.length > 500) {
        throw new DomainError('INVALID_REQUEST_BODY', 'reason: 1-500 characters saying why');
      }
      return senderIdView(await senderIds.reject(projectId, required(request.value, 'value'), reason));
    },

    async ListSenderIds(request) {
      const rows = await senderIds.list(required(request.project_id, 'project_id'));
      return { sender_ids: rows.map(senderIdView) };
    },

    async GetSettings(request) {
      const projectId = required(request.project_id, 'project_id');
      return settingsView(projectId, await settings.get(projectId));
    },

    async UpdateSettings(request) {
      const projectId = required(request.project_id, 'project_id');
      const change: SmsSettingsChange = {};
      const problems: string[] = [];
      if (request.enabled !== undefined) change.enabled = request.enabled;
      if (request.clear_default_sender_id) change.defaultSenderId = null;
      else if (request.default_sender_id !== undefined) {
        const sender = await senderIds.find(projectId, request.default_sender_id);
        if (!sender) problems.push('default_sender_id: not a sender ID of this project');
        else change.defaultSenderId = sender.valueKey;
      }
      if (request.clear_callback_url) change.callbackUrl = null;
      else if (request.callback_url !== undefined) {
        if (!isHttpUrl(request.callback_url))
          problems.push('callback_url: must be an http or https URL of at most 2048 characters');
        else change.callbackUrl = request.callback_url;
      }
      if (problems.length > 0) throw new DomainError('INVALID_REQUEST_BODY', problems.join('; '));
      return settingsView(projectId, await settings.update(projectId, change, deps.clock.now()));
    },

    async ListCarriers() {
      return {
        carriers: deps.carriers.statuses().map(({ last_error, last_error_at, ...carrier }) => ({
          ...carrier,
          ...(last_error ? { last_error } : {}),
          ...(last_error_at ? { last_error_at } : {}),
        })),
      };
    },
  });
}
