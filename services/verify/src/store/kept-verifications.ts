import { KeptCopies } from '@otp/platform';
import type { VerificationRecord } from './verification-rows.js';

/**
 * The copy of each pending verification as this process last wrote it, or last found it current
 * (a work that changed nothing on a fresh read; KeptCopies in @otp/platform): a check, or a
 * report of one of its sends, decides on it without reading the row, and
 * `VerificationStore.locked` proves it current by the write (xmin). Only pending
 * verifications are kept: every later state is final, and a finished one may be deleted by
 * retention. `limit` is VERIFY_KEPT_COPIES.
 */
export class KeptVerifications {
  private readonly copies: KeptCopies<VerificationRecord>;

  constructor(limit: number) {
    this.copies = new KeptCopies(limit);
  }

  /** The verification as just written: kept while it is pending, dropped once it is not. */
  written(record: VerificationRecord): void {
    if (record.status === 'pending') this.copies.keep(record.sid, record);
    else this.copies.drop(record.sid);
  }

  of(sid: string): VerificationRecord | undefined {
    return this.copies.of(sid);
  }

  /** True when `record` is the kept copy itself (not a read of the row). */
  isKept(record: VerificationRecord): boolean {
    return this.copies.isKept(record.sid, record);
  }

  /** The copy turned out stale, or its verification is gone. */
  drop(sid: string): void {
    this.copies.drop(sid);
  }

  get size(): number {
    return this.copies.size;
  }
}
