import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * The writes of a message's carrier ids in progress in this process, by receipt key
 * (`carrier:key`). A carrier often sends a submit's receipt as it answers the submit, before the
 * worker has stored the ids the receipt names. Without this, both statements run at once, neither
 * sees the other's row, and the receipt is stored unmatched: the message's delivery status then
 * waited for the receipt pass (SMS_RECEIPT_PASS_MS, 5 s) and cost that pass three more statements.
 * A receipt whose ids are being written here waits for that write instead, and is matched and
 * settled at once. A receipt that comes to another replica than its submit still has the pass.
 */
export class IdWrites {
  private readonly writes = new Map<string, Promise<unknown>>();

  /** Runs `write` (storing ids with `keys`); receipts for those keys wait until it has settled. */
  async during<T>(keys: readonly string[], write: Promise<T>): Promise<T> {
    // Its outcome is the worker's to handle: a receipt only waits for it to be over.
    const over = write.then(
      () => undefined,
      () => undefined,
    );
    for (const key of keys) this.writes.set(key, over);
    try {
      return await write;
    } finally {
      for (const key of keys) if (this.writes.get(key) === over) this.writes.delete(key);
    }
  }

  /** Resolves once no write of `key` is in progress here. */
  async over(key: string): Promise<void> {
    // A receipt read from the same packet as its submit's answer is handled before the worker
    // has learned the answer (a promise continuation): one turn of the event loop lets every
    // such continuation run, and so register its write, first.
    await nextTurn();
    await this.writes.get(key);
  }

  /** Keys with a write in progress (none is kept once its write is over). */
  get size(): number {
    return this.writes.size;
  }
}
