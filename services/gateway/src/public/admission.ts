import type { NextFunction, RequestHandler, Response } from 'express';
import { AdmissionGate, type AdmissionLimits } from '@otp/platform';
import { errorEnvelope } from '../http/errors.js';

/**
 * Overload is refused before work starts: at most `maxInFlight` /v1 requests run at once, the
 * rest wait in FIFO order for up to `queueMs` and then get 503 with Retry-After, before any peer
 * was called. Mounted after authentication, so a bad key still gets its 401 at once and a client
 * without a valid key cannot fill the queue. The gate is the platform's, the one every gRPC
 * service puts in front of its handlers too.
 */
export function admission(limits: AdmissionLimits): RequestHandler {
  const gate = new AdmissionGate(limits);
  const admitted = (res: Response, release: () => void, next: NextFunction) => {
    res.once('finish', release);
    res.once('close', release);
    next();
  };
  return (req, res, next) => {
    const now = gate.tryEnter();
    if (now) {
      admitted(res, now, next);
      return;
    }
    // A client that hangs up while queued gives its place back.
    const hangUp = new AbortController();
    const onClose = () => hangUp.abort();
    res.once('close', onClose);
    void gate.enter(undefined, hangUp.signal).then((release) => {
      res.off('close', onClose);
      if (!release) {
        if (res.headersSent || res.writableEnded || hangUp.signal.aborted) return;
        res
          .status(503)
          .set('Retry-After', '1')
          .json(errorEnvelope('SERVICE_UNAVAILABLE', 'the gateway is at capacity, retry later'));
        return;
      }
      admitted(res, release, next);
    });
  };
}
