import { AMOUNT_PATTERN, parseAmount } from '@otp/platform';
import { z } from 'zod';

/** A positive USD amount as a decimal string ("5", "5.5", "5.50"), read as integer cents. */
export const positiveAmount = z
  .string()
  .regex(AMOUNT_PATTERN, 'must be a decimal amount such as "5.00"')
  .transform((text) => parseAmount(text)!)
  .refine((cents) => cents > 0, 'must be more than 0.00');
