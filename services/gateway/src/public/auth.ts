import { currentRequestContext, DomainError } from '@otp/platform';
import type { Request, RequestHandler } from 'express';
import { hashApiKey, looksLikeApiKey, readBearer } from '../domain/api-key.js';
import { resolveClientIp } from '../domain/client-ip.js';
import { allowlistAdmits } from '../domain/ip-allowlist.js';
import type { GatewayDeps } from '../deps.js';

const projects = new WeakMap<Request, string>();

/** The project of the API key that authenticated this request (only behind `authenticate`). */
export function projectOf(req: Request): string {
  const projectId = projects.get(req);
  if (!projectId) throw new Error('projectOf() used on a route mounted before authentication');
  return projectId;
}

export function trustedProxies(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** Bearer API key, then the project's IP allowlist. */
export function authenticate(deps: GatewayDeps): RequestHandler {
  const proxies = trustedProxies(deps.config.TRUSTED_PROXIES);
  return async (req, _res, next) => {
    const bearer = readBearer(req.get('authorization'));
    if (bearer.kind === 'missing') throw new DomainError('MISSING_API_KEY', 'send Authorization: Bearer <API key>');
    if (bearer.kind === 'malformed' || !looksLikeApiKey(bearer.token)) {
      throw new DomainError('INVALID_API_KEY', 'the API key is not valid');
    }
    const hash = hashApiKey(bearer.token);
    let owner = deps.keyOwners.get(hash);
    if (!owner) {
      owner = await deps.apiKeys.ownerOf(hash);
      if (!owner) throw new DomainError('INVALID_API_KEY', 'the API key is not valid');
      deps.keyOwners.set(hash, owner);
    }
    const ip = resolveClientIp(req.socket.remoteAddress ?? '', req.get('x-forwarded-for'), proxies);
    if (!allowlistAdmits(owner.ipAllowlist, ip)) {
      throw new DomainError('IP_NOT_ALLOWED', `address ${ip} is not in the project's IP allowlist`);
    }
    projects.set(req, owner.projectId);
    const context = currentRequestContext();
    if (context) context.projectId = owner.projectId;
    next();
  };
}
