import type { VerificationRecord } from './verification-rows.js';

/**
 * The copy of each pending verification as this process last wrote it, so that a change (a
 * check) can be decided without reading the row again. A copy is never taken on trust: the write
 * that follows applies only while the row is still at the copy's version (xmin), and a copy found
 * stale (another replica changed the row) is dropped and the row read. Only pending verifications
 * are kept: every later state is final, and a finished one may be deleted by retention.
 *
 * Bounded (`limit`, VERIFY_KEPT_COPIES): past it the oldest copy goes. 0 keeps none.
 */
export class KeptCopies {
  private readonly copies = new Map<string, VerificationRecord>();

  constructor(private readonly limit: number) {}

  /** The verification as just written: kept while it is pending, dropped once it is not. */
  written(record: VerificationRecord): void {
    this.copies.delete(record.sid);
    if (record.status !== 'pending' || this.limit <= 0) return;
    this.copies.set(record.sid, record);
    if (this.copies.size > this.limit) {
      const oldest = this.copies.keys().next();
      if (!oldest.done) this.copies.delete(oldest.value);
    }
  }

  /** The copy last written here, if it is still kept. */
  of(sid: string): VerificationRecord | undefined {
    return this.copies.get(sid);
  }

  /** True when `record` is the kept copy itself (not a read of the row). */
  isKept(record: VerificationRecord): boolean {
    return this.copies.get(record.sid) === record;
  }

  /** The copy turned out stale, or its verification is gone. */
  drop(sid: string): void {
    this.copies.delete(sid);
  }

  get size(): number {
    return this.copies.size;
  }
}
