/**
 * The copy of a row as this process last wrote it, kept so that its next change can be decided
 * without reading the row again. Only for a change that is written conditionally on what it was
 * decided on (the row's version, or every column the decision read): that write proves the copy
 * current, and a copy found stale (another replica changed the row) is dropped and the row read.
 * Never for what a user is shown: a read must see other replicas' changes.
 *
 * Bounded: past `limit` copies the one written longest ago goes (0 keeps none); a copy older than
 * `maxAgeMs` is no longer used.
 */
export class KeptCopies<T> {
  private readonly copies = new Map<string, { copy: T; at: number }>();

  constructor(
    private readonly limit: number,
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
  ) {}

  keep(key: string, copy: T): void {
    this.copies.delete(key);
    if (this.limit <= 0) return;
    this.copies.set(key, { copy, at: this.now() });
    if (this.copies.size > this.limit) {
      const oldest = this.copies.keys().next();
      if (!oldest.done) this.copies.delete(oldest.value);
    }
  }

  /** The copy last kept under `key`, unless it is older than `maxAgeMs`. */
  of(key: string): T | undefined {
    const kept = this.copies.get(key);
    if (!kept) return undefined;
    if (this.now() - kept.at > this.maxAgeMs) {
      this.copies.delete(key);
      return undefined;
    }
    return kept.copy;
  }

  /** True when `copy` is the kept one itself (not a read of the same row). */
  isKept(key: string, copy: T): boolean {
    return this.copies.get(key)?.copy === copy;
  }

  drop(key: string): void {
    this.copies.delete(key);
  }

  get size(): number {
    return this.copies.size;
  }
}
