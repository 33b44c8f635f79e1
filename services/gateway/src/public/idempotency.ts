import { randomUUID } from 'node:crypto';
import { currentRequestContext, DomainError, requestFingerprint, type ErrorCode } from '@otp/platform';
import type { Request, RequestHandler, Response } from 'express';
import { answerFate, ownerRequestKey, parseIdempotencyKey } from '../domain/idempotency-key.js';
import type { GatewayDeps } from '../deps.js';
import type { ErrorEnvelope } from '../http/errors.js';
import { projectOf } from './auth.js';

// Idempotency-Key on every POST /v1 (docs/api/errors.md). Mounted after authentication (keys are per project)
// and admission (a queued request holds no lease).

/** The lease outlives the request's own deadline by this much, so the answer is saved in time. */
const LEASE_MARGIN_MS = 2000;

/** The fields of an owner's Send/Start that carry the key: the owner keeps both on its row. */
export interface OwnerKey {
  request_key: string;
  /** The request's fingerprint ('' without an Idempotency-Key): the owner refuses a key reused with another. */
  request_hash: string;
}

const requestKeys = new WeakMap<Request, OwnerKey>();

/**
 * The key the owner service dedups on: `idem:<Idempotency-Key>` with the request's fingerprint, or
 * a fresh uuid when the client sent none (so the gateway's own gRPC retries cannot create twice either).
 */
export function ownerKeyOf(req: Request): OwnerKey {
  let key = requestKeys.get(req);
  if (key === undefined) {
    key = { request_key: ownerRequestKey(undefined, randomUUID), request_hash: '' };
    requestKeys.set(req, key);
  }
  return key;
}

/** The owner's request key alone (what guard counts a start by). */
export function requestKeyOf(req: Request): string {
  return ownerKeyOf(req).request_key;
}

/**
 * The owner answered with what an earlier request with this key created (the gateway had
 * forgotten the key, or an earlier attempt ended without a kept answer): a replay, so said.
 */
export function markReplayed(res: Response, replayed: boolean | undefined): void {
  if (replayed) res.set('Idempotent-Replayed', 'true');
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
    requestKeys.set(req, { request_key: ownerRequestKey(key, randomUUID), request_hash: claim.requestHash });

    let settled = false;
    const settle = (status: number, body: string | undefined, code: ErrorCode | undefined): Promise<void> => {
      settled = true;
      const fate = body === undefined ? 'release' : answerFate(status, code);
      const records = deps.idempotencyRecords;
      const saving =
        fate === 'keep' && body !== undefined
          ? records.finish(projectId, key, claim.leaseId, status, body)
          : fate === 'forget'
            ? records.forget(projectId, key, claim.leaseId)
            : records.release(projectId, key, claim.leaseId);
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
    // The lease ends with the request's own work, not with the client's connection: a client that
    // hangs up leaves its request running, and a retry meanwhile is 409 IN_USE until it ends (then
    // it finds the kept answer). An answer sent without res.json ends it too; a request that never
    // ends frees the key when its lease runs out.
    res.once('finish', () => {
      if (!settled) void settle(res.statusCode, undefined, undefined);
    });
    next();
  };
}
