import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@otp/platform';
import type { RequestHandler } from 'express';
import { readBearer } from '../domain/api-key.js';

// Both sides hashed first: equal lengths for timingSafeEqual, and the token's length is not leaked.
function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

export function adminTokenMatches(expected: string, presented: string): boolean {
  return timingSafeEqual(digest(expected), digest(presented));
}

/** Admin API: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. */
export function authenticateAdmin(adminToken: string): RequestHandler {
  return (req, _res, next) => {
    const bearer = readBearer(req.get('authorization'));
    if (bearer.kind !== 'token' || !adminTokenMatches(adminToken, bearer.token)) {
      throw new DomainError('INVALID_ADMIN_TOKEN', 'send Authorization: Bearer <ADMIN_TOKEN>');
    }
    next();
  };
}
