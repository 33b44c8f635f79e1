// How many submit_sm PDUs the simulated carrier received per destination, and how it answered:
// the behaviour table counts them, and tests read them (GET /carrier/submits?to=) to prove retries.

export interface SubmitCounts {
  to: string;
  submits: number;
  accepted: number;
  refused: number;
}

export class SubmitLog {
  private readonly counts = new Map<string, SubmitCounts>();

  /** Records one submit to `to` (E.164); returns its number (1 for the first). */
  record(to: string, accepted: boolean): number {
    const entry = this.counts.get(to) ?? { to, submits: 0, accepted: 0, refused: 0 };
    entry.submits += 1;
    if (accepted) entry.accepted += 1;
    else entry.refused += 1;
    this.counts.set(to, entry);
    return entry.submits;
  }

  /** The number the next submit to `to` will have. */
  next(to: string): number {
    return (this.counts.get(to)?.submits ?? 0) + 1;
  }

  of(to: string): SubmitCounts {
    return this.counts.get(to) ?? { to, submits: 0, accepted: 0, refused: 0 };
  }

  clear(): void {
    this.counts.clear();
  }
}
