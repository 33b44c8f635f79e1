import { timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import type { Logger } from '@otp/platform';
import type { Inbox } from '../inbox/inbox.js';
import { scenarioFor } from './behaviour.js';
import { DeliveryReports } from './reports.js';
import { generateCode, VerificationRequests, type VerificationRequest } from './requests.js';
import type { ProviderUsage } from './usage.js';

// The simulated messenger provider's gateway API, mounted under /messenger-api: POST (or GET)
// /<method> with `Authorization: Bearer <token>` (or an `access_token` parameter), parameters as
// JSON, form fields or query string; answers `{ok: true, result}` or `{ok: false, error}`.
// Method names are case-insensitive, as in the real API.

type Params = Record<string, unknown>;

class ApiError extends Error {
  constructor(
    readonly error: string,
    readonly status = 400,
  ) {
    super(error);
  }
}

const E164 = /^\+[1-9]\d{6,14}$/;
const DIGITS = /^\d{4,8}$/;
const TTL_RANGE = { min: 30, max: 3600 };
const MAX_PAYLOAD_BYTES = 128;

function text(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new ApiError(`${name.toUpperCase()}_INVALID`);
}

function integer(params: Params, name: string): number | undefined {
  const value = text(params, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new ApiError(`${name.toUpperCase()}_INVALID`);
  return Number(value);
}

function phoneOf(params: Params): string {
  const phone = text(params, 'phone_number');
  if (!phone || !E164.test(phone)) throw new ApiError('PHONE_NUMBER_INVALID');
  return phone;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function messengerProviderRoutes(deps: {
  inbox: Inbox;
  token: string;
  reportDelayMs: number;
  /** How long the send of a number ending in 98 is answered after it was taken (a slow provider). */
  slowAnswerMs: number;
  logger: Logger;
  usage: ProviderUsage;
}): {
  router: Router;
  stop(): void;
} {
  const requests = new VerificationRequests();
  const reports = new DeliveryReports({
    requests,
    inbox: deps.inbox,
    token: deps.token,
    delayMs: deps.reportDelayMs,
    logger: deps.logger,
  });

  const requestOf = (params: Params, phoneNumber?: string): VerificationRequest => {
    const id = text(params, 'request_id');
    const request = id ? requests.get(id) : undefined;
    if (!request || (phoneNumber !== undefined && request.phoneNumber !== phoneNumber))
      throw new ApiError('REQUEST_ID_INVALID');
    return request;
  };

  const methods: Record<string, (params: Params) => unknown> = {
    checksendability(params) {
      const phone = phoneOf(params);
      deps.usage.call(phone, 'checkSendAbility');
      const request = requests.create(phone);
      if (request.scenario === 'no_account') throw new ApiError('PHONE_NUMBER_NOT_FOUND');
      // The provider charges for a successful ability check; the send of its request is then free.
      deps.usage.charge(phone);
      request.paid = true;
      return requests.status(request);
    },

    sendverificationmessage(params) {
      const phone = phoneOf(params);
      deps.usage.call(phone, 'sendVerificationMessage');
      const code = text(params, 'code');
      if (code !== undefined && !DIGITS.test(code)) throw new ApiError('CODE_INVALID');
      const codeLength = integer(params, 'code_length') ?? 6;
      if (codeLength < 4 || codeLength > 8) throw new ApiError('CODE_LENGTH_INVALID');
      const ttlSeconds = integer(params, 'ttl') ?? TTL_RANGE.max;
      if (ttlSeconds < TTL_RANGE.min || ttlSeconds > TTL_RANGE.max) throw new ApiError('TTL_INVALID');
      const callbackUrl = text(params, 'callback_url');
      if (callbackUrl !== undefined && !/^https?:\/\//.test(callbackUrl)) throw new ApiError('CALLBACK_URL_INVALID');
      const payload = text(params, 'payload');
      if (payload !== undefined && Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
        throw new ApiError('PAYLOAD_INVALID');

      const request = text(params, 'request_id') ? requestOf(params, phone) : requests.create(phone);
      if (request.scenario === 'no_account') throw new ApiError('PHONE_NUMBER_NOT_FOUND');
      if (request.code) throw new ApiError('REQUEST_ID_INVALID');
      if (!request.paid) {
        deps.usage.charge(phone);
        request.paid = true;
      }
      const sentCode = code ?? generateCode(codeLength);
      requests.markSent(request, {
        code: sentCode,
        ttlSeconds,
        ...(callbackUrl ? { callbackUrl } : {}),
        ...(payload !== undefined ? { payload } : {}),
      });
      deps.inbox.add({
        channel: 'messenger',
        to: phone,
        from: 'Verification Codes',
        text: `Your verification code is ${sentCode}`,
        code: sentCode,
        provider_id: request.requestId,
        status: 'sent',
      });
      reports.play(request);
      return requests.status(request);
    },

    checkverificationstatus(params) {
      const request = requestOf(params);
      deps.usage.call(request.phoneNumber, 'checkVerificationStatus');
      const code = text(params, 'code');
      if (code !== undefined) {
        if (!DIGITS.test(code)) throw new ApiError('CODE_INVALID');
        requests.check(request, code);
      }
      return requests.status(request);
    },

    revokeverificationmessage(params) {
      const request = requestOf(params);
      deps.usage.call(request.phoneNumber, 'revokeVerificationMessage');
      // True means "request received" (as the real API): a delivered or read message stays so.
      if (request.code && requests.setDelivery(request, 'revoked')) reports.revoked(request);
      return true;
    },
  };

  const handle = (req: Request, res: Response): void => {
    const body: Params = typeof req.body === 'object' && req.body !== null ? (req.body as Params) : {};
    const params: Params = { ...(req.query as Params), ...body };
    try {
      const header = req.get('authorization') ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7) : text(params, 'access_token');
      if (!token || !sameToken(token, deps.token)) throw new ApiError('ACCESS_TOKEN_INVALID', 401);
      // Own methods only: `constructor` or `__proto__` must not reach Object's.
      const name = String(req.params.method).toLowerCase();
      const method = Object.hasOwn(methods, name) ? methods[name] : undefined;
      if (!method) throw new ApiError('METHOD_NOT_FOUND', 404);
      const result = method(params);
      // Ending 98: the message is taken (and delivered) at once, its answer comes late, so a
      // client with a shorter timeout never learns that the provider has it.
      const slow = name === 'sendverificationmessage' && scenarioFor(String(params.phone_number)) === 'slow_answer';
      if (slow) setTimeout(() => res.json({ ok: true, result }), deps.slowAnswerMs).unref();
      else res.json({ ok: true, result });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      res.status(error.status).json({ ok: false, error: error.error });
    }
  };

  const router = Router();
  router.use(express.json({ limit: '64kb' }), express.urlencoded({ extended: false, limit: '64kb' }));
  router.post('/:method', handle);
  router.get('/:method', handle);
  return { router, stop: () => reports.stop() };
}
