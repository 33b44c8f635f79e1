import { KeptCopies } from '@otp/platform';
import type { Message } from '../generated/prisma/client.js';

/**
 * A copy is used for this long after the message was written `sent`. Most receipts come within
 * seconds to minutes; a later one is matched by the receipt's own statement as before.
 */
const KEPT_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * One-part messages this process just wrote `sent` with no receipt yet, as written, under each of
 * their receipt keys (`<carrier>:<key>`, KeptCopies in @otp/platform): the receipt that follows
 * settles its message in the statement that stores it, since one part's receipt alone decides the
 * delivery status. That statement settles only while the message is still sent and unsettled (the
 * receipt pass, or a receipt on another replica, may have settled it), and the message's other
 * columns never change once it is sent. `limit` is SMS_KEPT_COPIES (0: none).
 */
export class KeptMessages {
  private readonly copies: KeptCopies<Message>;

  constructor(limit: number) {
    this.copies = new KeptCopies(limit, KEPT_MAX_AGE_MS);
  }

  /** A message as just written `sent`, with no receipt in hand. */
  sent(row: Message): void {
    if (row.segments !== 1) return;
    for (const key of row.receiptKeys) this.copies.keep(key, row);
  }

  /** The kept message a receipt with this key (`<carrier>:<key>`) is about, if any. */
  forReceipt(receiptKey: string): Message | undefined {
    return this.copies.of(receiptKey);
  }

  /** Its receipt came: the copy is not needed any more. */
  settled(row: Message): void {
    for (const key of row.receiptKeys) this.copies.drop(key);
  }
}
