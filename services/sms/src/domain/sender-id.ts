import { SENDER_ID_PATTERN } from '@otp/platform';

// Sender IDs: 3-11 letters and digits with at least one letter (spec). They are matched without
// regard to case, and shown in the casing they were registered with.

export type SenderIdStatus = 'pending' | 'approved';

export function isValidSenderId(value: string): boolean {
  return SENDER_ID_PATTERN.test(value);
}

/** The key two spellings of one sender ID share ("MyShop" and "MYSHOP"). */
export function senderIdKey(value: string): string {
  return value.toLowerCase();
}
