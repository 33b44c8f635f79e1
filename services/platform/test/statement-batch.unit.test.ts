import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { context, createContextKey, ROOT_CONTEXT } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { StatementBatch } from '../src/db/statement-batch.js';

/** A flush the test finishes by hand, recording every batch it was given. */
function heldFlush() {
  const batches: number[][] = [];
  const pending: Array<{ items: number[]; finish: (error?: Error) => void }> = [];
  const flush = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(items);
      pending.push({
        items,
        finish: (error) => (error ? reject(error) : resolve(items.map((item) => `stored ${item}`))),
      });
    });
  /** Finishes the oldest flush still running. */
  const finishNext = (error?: Error) => {
    const next = pending.shift();
    assert.ok(next, 'a flush is running');
    next.finish(error);
  };
  return { flush, batches, finishNext, running: () => pending.length };
}

/** Lets queued microtasks and promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('StatementBatch', () => {
  it('a lone item flushes at once, without waiting for company', async () => {
    const held = heldFlush();
    const batch = new StatementBatch(held.flush);
    const answer = batch.submit(1);
    await settle();
    assert.deepEqual(held.batches, [[1]]);
    held.finishNext();
    assert.equal(await answer, 'stored 1');
  });

  it('items submitted in one turn share one flush, and each caller gets its own result', async () => {
    const held = heldFlush();
    const batch = new StatementBatch(held.flush);
    const answers = [batch.submit(1), batch.submit(2), batch.submit(3)];
    await settle();
    assert.deepEqual(held.batches, [[1, 2, 3]]);
    held.finishNext();
    assert.deepEqual(await Promise.all(answers), ['stored 1', 'stored 2', 'stored 3']);
  });

  it('while a flush runs, new items wait and then go together, in order, as the next flush', async () => {
    const held = heldFlush();
    const batch = new StatementBatch(held.flush);
    const first = batch.submit(1);
    await settle();
    const later = [batch.submit(2), batch.submit(3)];
    await settle();
    const last = batch.submit(4);
    await settle();
    assert.equal(held.running(), 1, 'one flush at a time');
    assert.deepEqual(held.batches, [[1]]);
    held.finishNext();
    assert.equal(await first, 'stored 1');
    await settle();
    assert.deepEqual(held.batches, [[1], [2, 3, 4]], 'everything that waited, in one flush');
    held.finishNext();
    assert.deepEqual(await Promise.all([...later, last]), ['stored 2', 'stored 3', 'stored 4']);
    // Idle again: the next lone item flushes at once.
    const again = batch.submit(5);
    await settle();
    assert.deepEqual(held.batches.at(-1), [5]);
    held.finishNext();
    assert.equal(await again, 'stored 5');
  });

  it('no flush is larger than maxItems: the rest follows in the next ones', async () => {
    const held = heldFlush();
    const batch = new StatementBatch(held.flush, { maxItems: 2 });
    const answers = [1, 2, 3, 4, 5].map((item) => batch.submit(item));
    await settle();
    assert.deepEqual(held.batches, [[1, 2]]);
    held.finishNext();
    await settle();
    held.finishNext();
    await settle();
    held.finishNext();
    assert.deepEqual(held.batches, [[1, 2], [3, 4], [5]]);
    assert.deepEqual(await Promise.all(answers), ['stored 1', 'stored 2', 'stored 3', 'stored 4', 'stored 5']);
  });

  it('a failed flush rejects the callers of its batch only; the next batch still flushes', async () => {
    const held = heldFlush();
    const batch = new StatementBatch(held.flush);
    const failing = [batch.submit(1), batch.submit(2)];
    await settle();
    const next = batch.submit(3);
    await settle();
    held.finishNext(new Error('connection lost'));
    for (const answer of failing) await assert.rejects(answer, /connection lost/);
    await settle();
    assert.deepEqual(held.batches, [[1, 2], [3]]);
    held.finishNext();
    assert.equal(await next, 'stored 3');
  });

  it('a flush that throws at once, or answers the wrong number of results, rejects its callers', async () => {
    const throwing = new StatementBatch<number, string>(() => {
      throw new Error('bad statement');
    });
    await assert.rejects(throwing.submit(1), /bad statement/);
    const short = new StatementBatch<number, string>(async () => ['only one']);
    const answers = [short.submit(1), short.submit(2)];
    for (const answer of answers) await assert.rejects(answer, /2 items answered 1 results/);
    // Still usable afterwards.
    const fine = new StatementBatch<number, number>(async (items) => items.map((item) => item * 10));
    assert.equal(await fine.submit(4), 40);
  });

  it('the flush runs in the context of its batch’s first caller', async () => {
    const manager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(manager);
    try {
      const caller = createContextKey('caller');
      const seen: unknown[] = [];
      const held = heldFlush();
      const batch = new StatementBatch<number, string>((items) => {
        seen.push(context.active().getValue(caller));
        return held.flush(items);
      });
      const submitAs = (name: string, item: number) =>
        context.with(ROOT_CONTEXT.setValue(caller, name), () => batch.submit(item));
      const first = submitAs('a', 1);
      await settle();
      const rest = [submitAs('b', 2), submitAs('c', 3)];
      held.finishNext();
      await first;
      await settle();
      held.finishNext();
      await Promise.all(rest);
      assert.deepEqual(seen, ['a', 'b'], 'the second batch runs as its own first caller, not as the drain’s');
    } finally {
      context.disable();
    }
  });
});
