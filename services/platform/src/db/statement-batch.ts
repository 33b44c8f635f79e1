import { context, type Context } from '@opentelemetry/api';

// Group commit for a hot-path statement that many concurrent callers run one row at a time (the
// dispatcher's intake stores one delivery per message, up to 16 messages in flight): the rows
// that wait at the same moment go to Postgres as one multi-row statement, one round trip and one
// commit instead of one each. There is no timer: an idle batch flushes on the next microtask, so
// a lone caller waits for nothing; under load, callers that arrive while a flush runs wait for
// it to end, which is the time they would have spent queued for a connection anyway.

interface Waiting<Item, Result> {
  item: Item;
  /** The caller's trace context: the batch's statement runs in its first caller's. */
  context: Context;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Collects `submit`ted items and stores them with one call of `flush` per batch, one batch at a
 * time. `flush` answers one result per item, in the items' order; each caller gets its own.
 * When `flush` fails, every caller of that batch (and only of that batch) gets its error, so
 * each one fails as it would have alone.
 */
export class StatementBatch<Item, Result> {
  private waiting: Waiting<Item, Result>[] = [];
  /** A flush is scheduled or running: new items wait for it. */
  private busy = false;
  private readonly maxItems: number;

  constructor(
    private readonly flush: (items: Item[]) => Promise<Result[]>,
    options: { maxItems?: number } = {},
  ) {
    // Bounds one statement's parameters and the time its rows stay locked.
    this.maxItems = options.maxItems ?? 100;
  }

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, context: context.active(), resolve, reject });
      if (this.busy) return;
      this.busy = true;
      // The next microtask, not now: callers submitting in the same turn share the first batch.
      queueMicrotask(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxItems);
      try {
        const items = batch.map((waiting) => waiting.item);
        // In the first caller's context, so the statement's span joins a trace that asked for it
        // rather than whichever trace happened to start this drain.
        const results = await context.with(batch[0]!.context, () => this.flush(items));
        if (results.length !== batch.length) {
          throw new Error(`a statement batch of ${batch.length} items answered ${results.length} results`);
        }
        batch.forEach((waiting, index) => waiting.resolve(results[index] as Result));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    this.busy = false;
  }
}
