import { normalizePhone } from '@otp/platform';

/** National digits after the calling code that, with it, name a destination prefix. */
export const PREFIX_NATIONAL_DIGITS = 3;

export interface Destination {
  e164: string;
  country: string;
  /** Calling code plus the first national digits ("44770" for +44 7700 900123): the detector's key. */
  prefix: string;
}

/**
 * Where a start goes. A prefix narrower than a country and wider than a number is what pumping
 * attacks share (premium ranges, one rogue network), so blocks and baselines are kept per prefix.
 */
export function destinationOf(to: string): Destination | undefined {
  const phone = normalizePhone(to);
  if (!phone) return undefined;
  const digits = phone.e164.slice(1);
  return {
    e164: phone.e164,
    country: phone.country,
    prefix: digits.slice(0, phone.callingCode.length + PREFIX_NATIONAL_DIGITS),
  };
}
