// How many submit_sm PDUs the simulated carrier received per destination, and how it answered:
// the behaviour table counts them, and tests read them (GET /carrier/submits?to=) to prove retries.

export interface SubmitCounts {
  to: string;
  submits: number;
  accepted: number;
  refused: number;
}

/** One submit_sm as the carrier saw it (GET /carriers/{name}/parts?to=). */
export interface SubmittedPart {
  to: string;
  /** Concatenation reference, total and sequence; absent for a single-part message. */
  reference?: number;
  total?: number;
  sequence?: number;
  data_coding: number;
  text: string;
  /** The text is well-formed UTF-16 on its own (no half of a surrogate pair). */
  well_formed: boolean;
  status: number;
  message_id?: string;
}

export class SubmitLog {
  private readonly counts = new Map<string, SubmitCounts>();
  private readonly parts = new Map<string, SubmittedPart[]>();

  recordPart(part: SubmittedPart): void {
    const list = this.parts.get(part.to) ?? [];
    list.push(part);
    this.parts.set(part.to, list);
  }

  partsTo(to: string): SubmittedPart[] {
    return this.parts.get(to) ?? [];
  }

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
    this.parts.clear();
  }
}
