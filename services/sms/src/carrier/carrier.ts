import type { CarrierStatus } from '@otp/platform';
import type { CarrierAvailability } from '../domain/routes.js';
import type { SmsEncoding } from '../domain/segments.js';

// What the delivery worker needs from a carrier; SMPP is one implementation (smpp-carrier.ts).

/** Some parts of one message, as they go to the carrier (a retry sends only the refused ones). */
export interface OutgoingParts {
  from: string;
  /** E.164 */
  to: string;
  encoding: SmsEncoding;
  /** The concatenation reference every part of this message carries, on every try. */
  reference: number;
  /** How many parts the whole message has (the UDH's total). */
  total: number;
  parts: { sequence: number; text: string }[];
}

/** What the carrier answered for one part. */
export type PartOutcome =
  | { sequence: number; result: 'accepted'; carrierMessageId: string }
  | { sequence: number; result: 'refused'; status: number }
  /** Never written to the wire (every bind down): the carrier surely does not have it. */
  | { sequence: number; result: 'not_sent'; reason: string }
  /** No answer (timeout, connection lost): the carrier may or may not have taken it. */
  | { sequence: number; result: 'no_answer'; reason: string };

/** A submit that got no answer from the carrier. */
export class CarrierError extends Error {
  override readonly name: string = 'CarrierError';
}

/** A submit that never left: its bind was (or went) down before it was written. */
export class BindDownError extends CarrierError {
  override readonly name = 'BindDownError';
}

export interface Carrier {
  readonly name: string;
  /** How long a submit may wait for the carrier's answer before it counts as unanswered. */
  readonly answerWithinMs: number;
  availability(): CarrierAvailability;
  /** Hands the parts to the carrier (each through one of its binds); one outcome per part. */
  submit(message: OutgoingParts): Promise<PartOutcome[]>;
  status(): CarrierStatus;
  close(): Promise<void>;
}

/** A delivery receipt as the carrier reported it. */
export interface CarrierReceipt {
  carrierMessageId: string;
  /** The receipt's stat word: DELIVRD, UNDELIV, EXPIRED, REJECTD, ... */
  state: string;
  /** The receipt's err field, as the carrier wrote it. */
  error?: string;
  doneAt?: Date;
}
