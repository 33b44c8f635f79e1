import type { SegmentPlan } from '../domain/segments.js';

// What the delivery worker needs from a carrier; SMPP is one implementation (smpp-carrier.ts).

export interface OutgoingSms {
  from: string;
  /** E.164 */
  to: string;
  plan: SegmentPlan;
}

/** A submit the carrier refused or that never got an answer; the worker retries it. */
export class CarrierError extends Error {
  override readonly name = 'CarrierError';
}

export interface Carrier {
  /** Hands every part to the carrier; resolves with the carrier's message id of each part. */
  submit(message: OutgoingSms): Promise<string[]>;
  close(): Promise<void>;
}

/** A delivery receipt as the carrier reported it. */
export interface CarrierReceipt {
  carrierMessageId: string;
  /** The receipt's stat field: DELIVRD, UNDELIV, EXPIRED, REJECTD, ... */
  state: string;
}
