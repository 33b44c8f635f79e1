import { AsyncResource } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import { AdmissionLimit } from '../domain/admission.js';
import { errorEnvelope } from '../http/errors.js';

/**
 * Overload is refused before work starts: at most `maxInFlight` /v1 requests run at once, the
 * rest wait in FIFO order for up to `queueMs` and then get 503 with Retry-After, before any peer
 * was called. Mounted after authentication, so a bad key still gets its 401 at once and a client
 * without a valid key cannot fill the queue.
 */
export function admission(options: { maxInFlight: number; queueMs: number }): RequestHandler {
  const limit = new AdmissionLimit<() => void>(options.maxInFlight);
  return (req, res, next) => {
    const start = () => {
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        limit.leave()?.();
      };
      res.once('finish', leave);
      res.once('close', leave);
      next();
    };
    if (limit.tryEnter()) {
      start();
      return;
    }
    // Admitted later from another request's callback: keep this request's context (request id).
    const admit = AsyncResource.bind(() => {
      clearTimeout(timer);
      start();
    });
    const refuse = () => {
      if (!limit.withdraw(admit)) return;
      clearTimeout(timer);
      if (res.headersSent || res.writableEnded) return;
      res
        .status(503)
        .set('Retry-After', '1')
        .json(errorEnvelope('SERVICE_UNAVAILABLE', 'the gateway is at capacity, retry later'));
    };
    const timer = setTimeout(refuse, options.queueMs);
    // A client that hangs up while queued gives its place back.
    res.once('close', refuse);
    limit.enqueue(admit);
  };
}
