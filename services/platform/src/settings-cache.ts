// Settings a hot path reads on every request (a start's verify settings, a code's messenger
// settings, a send's SMS settings and sender ID), kept in the reading process for at most a
// second: docs/developing.md, "Hot paths". A change made through this process forgets its entries
// at once; a change made through another replica is seen there within `maxAgeMs`.

/** How old a cached read may be when it is used: a changed setting takes effect within this. */
export const SETTINGS_MAX_AGE_MS = 1000;
const MAX_ENTRIES = 10_000;

interface Entry<V> {
  value: Promise<V>;
  /** When its read started: what it holds is at least this fresh. */
  readAt: number;
}

export class SettingsCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly maxAgeMs = SETTINGS_MAX_AGE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The value under `key`, read by `read` when none was read within `maxAgeMs`. Concurrent
   * requests for a key nobody has read share one read; a read that fails is not kept.
   */
  get(key: string, read: () => Promise<V>): Promise<V> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.readAt < this.maxAgeMs) return entry.value;
    const value = read();
    // Re-inserted, so the Map's order stays oldest read first: the one dropped when full.
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, readAt: now });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets the entries whose key starts with `prefix` (a project's, after a change of its settings). */
  forget(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
