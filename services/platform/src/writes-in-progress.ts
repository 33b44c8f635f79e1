import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * The writes in progress in this process, by key, for what may arrive about a key before the
 * write that records it is over: an SMS receipt that comes back while the worker stores the
 * carrier ids it names (sms), a channel's report of a send while the start that made it is still
 * recording it (verify). Without waiting, the two statements run at once, neither sees the other's
 * row, and the late one is handled the slow way (a pass, a read and a retry). What arrives about a
 * key being written here waits for that write, whatever its outcome, and then finds its row, or
 * the copy this process wrote (KeptCopies). What arrives at another replica has the slow way still.
 */
export class WritesInProgress {
  private readonly writes = new Map<string, Promise<unknown>>();

  /** Runs `write` (recording `keys`); what waits for those keys waits until it has settled. */
  async during<T>(keys: readonly string[], write: Promise<T>): Promise<T> {
    // Its outcome is the writer's to handle: a waiter only waits for it to be over.
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
    // What is read from the same packet as the answer its write follows (an SMS receipt behind
    // the submit's answer) is handled before the writer has learned the answer (a promise
    // continuation): one turn of the event loop lets every such continuation run, and so
    // register its write, first.
    await nextTurn();
    await this.writes.get(key);
  }

  /** Keys with a write in progress (none is kept once its write is over). */
  get size(): number {
    return this.writes.size;
  }
}
