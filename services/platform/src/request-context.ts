import { AsyncLocalStorage } from 'node:async_hooks';
import { DomainError } from './errors.js';

export interface RequestContext {
  requestId: string;
  projectId?: string;
  /**
   * When the caller stops waiting (ms since the epoch), from the incoming gRPC call's deadline.
   * Outgoing calls never wait past it, and no side effect starts after it.
   */
  deadline?: number;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Milliseconds until the caller's deadline; Infinity when the work has no caller waiting. */
export function timeLeftMs(): number {
  const deadline = storage.getStore()?.deadline;
  return deadline === undefined ? Number.POSITIVE_INFINITY : deadline - Date.now();
}

/**
 * Call right before a side effect (a hold, a provider call, a carrier submit): when the caller has
 * already given up, the side effect must not start, because the caller was (or is about to be) told
 * the request failed. `what` names the step in the error.
 */
export function ensureTimeLeft(what: string): void {
  if (timeLeftMs() <= 0) {
    throw new DomainError('SERVICE_UNAVAILABLE', `the caller's deadline passed before ${what}`);
  }
}
