import type { KeyOwner } from './domain/api-key.js';

// Remembers verified keys briefly so a busy key costs no database round trip per request.
// Revocation and allowlist changes evict at once: in this process directly, in other replicas
// through Postgres NOTIFY (store/key-changes.ts).
const MAX_ENTRIES = 10_000;

export class KeyOwnerCache {
  private readonly entries = new Map<string, { owner: KeyOwner; until: number }>();
  // Off while changes from other replicas cannot be heard (see KeyChangeListener).
  private enabled = true;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Turning it off forgets everything: nothing stale may be served while it is off. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    if (!enabled) this.entries.clear();
  }

  get(keyHash: string): KeyOwner | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(keyHash);
      return undefined;
    }
    return entry.owner;
  }

  set(keyHash: string, owner: KeyOwner): void {
    if (this.ttlMs === 0 || !this.enabled) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(keyHash, { owner, until: this.now() + this.ttlMs });
  }

  forgetAll(): void {
    this.entries.clear();
  }

  forgetKey(keyId: string): void {
    for (const [hash, entry] of this.entries) if (entry.owner.keyId === keyId) this.entries.delete(hash);
  }

  forgetProject(projectId: string): void {
    for (const [hash, entry] of this.entries) if (entry.owner.projectId === projectId) this.entries.delete(hash);
  }
}
