// Sender IDs: 3-11 letters and digits with at least one letter (spec). They are matched without
// regard to case, and shown in the casing they were registered with.

const SENDER_ID = /^(?=.*[A-Za-z])[A-Za-z0-9]{3,11}$/;

export type SenderIdStatus = 'pending' | 'approved';

export function isValidSenderId(value: string): boolean {
  return SENDER_ID.test(value);
}

/** The key two spellings of one sender ID share ("MyShop" and "MYSHOP"). */
export function senderIdKey(value: string): string {
  return value.toLowerCase();
}
