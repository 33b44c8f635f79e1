import { randomUUID } from 'node:crypto';
import { currentRequestContext, DomainError, type ErrorCode } from '@otp/platform';
import type { Request, RequestHandler, Response } from 'express';
import { isFinalAnswer, ownerRequestKey, parseIdempotencyKey, requestFingerprint } from '../domain/idempotency-key.js';
import type { GatewayDeps } from '../deps.js';
import type { ErrorEnvelope } from '../http/errors.js';
import { projectOf } from './auth.js';

// Idempotency-Key on every POST /v1 (docs/api/errors.md). Mounted after authentication (keys are per project)
// and admission (a queued request holds no lease).

/** The lease outlives the request's own deadline by this much, so the answer is saved in time. */
const LEASE_MARGIN_MS = 2000;

const requestKeys = new WeakMap<Request, string>();

/**
 * The `request_key` the owner service dedups on: `idem:<Idempotency-Key>`, or a fresh uuid when
 * the client sent none (so the gateway's own gRPC retries cannot create twice either).
 */
export function requestKeyOf(req: Request): string {
  let key = requestKeys.get(req);
  if (key === undefined) {
    key = ownerRequestKey(undefined, randomUUID);
    requestKeys.set(req, key);
  }
  return key;
}

function errorCodeOf(body: unknown): ErrorCode | undefined {
  return (body as Partial<ErrorEnvelope> | undefined)?.error?.code;
}

function replay(res: Response, status: number, body: string): void {
  res.status(status).set('Idempotent-Replayed', 'true').type('application/json').send(body);
}

export function idempotency(deps: Pick<GatewayDeps, 'config' | 'logger' | 'idempotencyRecords'>): RequestHandler {
  const leaseMs = deps.config.GRPC_DEADLINE_MS + LEASE_MARGIN_MS;
  return async (req, res, next) => {
    const header = req.get('idempotency-key');
    if (req.method !== 'POST' || header === undefined) {
      next();
      return;
    }
    const key = parseIdempotencyKey(header);
    const projectId = projectOf(req);
    const path = req.originalUrl.split('?')[0] ?? req.path;
    const claim = {
      projectId,
      key,
      requestHash: requestFingerprint(req.method, path, req.body),
      leaseId: randomUUID(),
      leaseMs,
    };
    const outcome = await deps.idempotencyRecords.claim(claim);
    if (outcome.kind === 'reused') {
      throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'this Idempotency-Key was used with another request');
    }
    if (outcome.kind === 'in_use') {
      throw new DomainError('IDEMPOTENCY_KEY_IN_USE', 'a request with this Idempotency-Key is still running');
    }
    if (outcome.kind === 'replay') {
      replay(res, outcome.status, outcome.body);
      return;
    }
    // The whole request, peers included, ends before the lease does.
    const context = currentRequestContext();
    if (context) context.deadline = Date.now() + deps.config.GRPC_DEADLINE_MS;
    requestKeys.set(req, ownerRequestKey(key, randomUUID));

    let settled = false;
    const settle = (status: number, body: string | undefined, code: ErrorCode | undefined): Promise<void> => {
      settled = true;
      const saving =
        body !== undefined && isFinalAnswer(status, code)
          ? deps.idempotencyRecords.finish(projectId, key, claim.leaseId, status, body)
          : deps.idempotencyRecords.release(projectId, key, claim.leaseId);
      // Unsaved, the lease still runs out and a retry runs again (the owner dedups on request_key).
      return saving.catch((error: unknown) => deps.logger.warn({ err: error }, 'idempotency record not saved'));
    };
    // Saved before the answer leaves, so a client that retries at once finds it.
    const sendJson = res.json.bind(res);
    res.json = (body: unknown) => {
      res.json = sendJson;
      void settle(res.statusCode, JSON.stringify(body), errorCodeOf(body)).then(() => sendJson(body));
      return res;
    };
    res.once('close', () => {
      if (!settled) void settle(res.statusCode, undefined, undefined);
    });
    next();
  };
}
