import { z } from 'zod';
import { PROVIDER_DELIVERY_STATUSES } from '../domain/provider-status.js';

// The provider's gateway API as it is on the wire: every method is an HTTPS POST to
// `<base>/<method>` with `Authorization: Bearer <token>` and a JSON body; the answer is
// `{ok: true, result}` or `{ok: false, error: "SOME_ERROR"}`. Times are Unix seconds.

export const VERIFICATION_STATUSES = ['code_valid', 'code_invalid', 'code_max_attempts_exceeded', 'expired'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const deliveryStatus = z.object({
  status: z.enum(PROVIDER_DELIVERY_STATUSES),
  updated_at: z.number().int(),
});

export const verificationStatus = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  updated_at: z.number().int(),
  code_entered: z.string().optional(),
});

/** RequestStatus: the object every method returns and every delivery report carries. */
export const requestStatus = z.object({
  request_id: z.string().min(1),
  phone_number: z.string(),
  request_cost: z.number(),
  is_refunded: z.boolean().optional(),
  remaining_balance: z.number().optional(),
  delivery_status: deliveryStatus.optional(),
  verification_status: verificationStatus.optional(),
  payload: z.string().optional(),
});
export type RequestStatus = z.infer<typeof requestStatus>;

export const envelope = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

/** Parameters of sendVerificationMessage (the subset we use). */
export interface SendVerificationMessage {
  phone_number: string;
  request_id?: string;
  code?: string;
  code_length?: number;
  callback_url?: string;
  payload?: string;
  ttl?: number;
}
