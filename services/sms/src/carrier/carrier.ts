import type { CarrierStatus } from '@otp/platform';
import type { CarrierIdFormats } from '../domain/receipts.js';
import type { CarrierAvailability } from '../domain/routes.js';
import type { SegmentPlan } from '../domain/segments.js';

// What the delivery worker needs from a carrier; SMPP is one implementation (smpp-carrier.ts).

/** Some parts of one message, as they go to the carrier (a retry sends only the missing ones). */
export interface OutgoingParts {
  from: string;
  /** E.164 */
  to: string;
  /** The billed parts; the carrier puts them on the wire its way (domain/wire-text.ts). */
  plan: SegmentPlan;
  /** The concatenation reference every part of this message carries, on every try. */
  reference: number;
  /** The parts to submit now (1-based). */
  sequences: number[];
}

/** What the carrier answered for one part. */
export type PartOutcome =
  /** Any 0x00: the carrier has it (`carrierMessageId` may be empty). */
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
  /** How long a submit may take, a late answer while its session unbinds included: past this it surely has no answer. */
  readonly answerWithinMs: number;
  /** How this carrier writes message ids (carriers file `id_format`). */
  readonly idFormats: CarrierIdFormats;
  availability(): CarrierAvailability;
  /** How long a message to `to` still waits here after the carrier throttled that number (0: none). */
  destinationWaitMs(to: string): number;
  /** Hands the parts to the carrier (each through one of its binds); one outcome per part. */
  submit(message: OutgoingParts): Promise<PartOutcome[]>;
  status(): CarrierStatus;
  close(): Promise<void>;
}

/** A delivery receipt as the carrier reported it. */
export interface CarrierReceipt {
  carrierMessageId: string;
  /** Where the id came from: the receipted_message_id TLV (written as submit ids are) or the text. */
  idFrom: 'tlv' | 'text';
  /** The receipt's stat word: DELIVRD, UNDELIV, EXPIRED, REJECTD, ... */
  state: string;
  /** The receipt's err field, as the carrier wrote it. */
  error?: string;
  doneAt?: Date;
}
