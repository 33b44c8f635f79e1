import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { WritesInProgress } from '../src/writes-in-progress.js';

// What arrives about a key (an SMS receipt about the ids it names, a channel report about the
// send a start records) waits for the write of that key, whatever that write's outcome, and only
// for that write; nothing is kept once the write is over.

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('writes in progress: a receipt waits for the write of the key it names', () => {
  it('a receipt for a key being written waits until the write is over', async () => {
    const writes = new WritesInProgress();
    const write = deferred<string>();
    const done = writes.during(['alpha:a1', 'alpha:161'], write.promise);
    let waited = false;
    const receipt = writes.over('alpha:161').then(() => (waited = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(waited, false);
    write.resolve('SM1');
    assert.equal(await done, 'SM1');
    await receipt;
    assert.equal(waited, true);
    assert.equal(writes.size, 0);
  });

  it('a failed write lets its receipts go on, and the worker still gets the error', async () => {
    const writes = new WritesInProgress();
    const write = deferred<string>();
    const done = writes.during(['alpha:a2'], write.promise);
    const receipt = writes.over('alpha:a2');
    write.reject(new Error('database away'));
    await assert.rejects(done, /database away/);
    await receipt;
    assert.equal(writes.size, 0);
  });

  it('a receipt for another key does not wait', async () => {
    const writes = new WritesInProgress();
    const write = deferred<string>();
    void writes.during(['alpha:a3'], write.promise);
    await writes.over('beta:a3');
    assert.equal(writes.size, 1);
    write.resolve('SM3');
  });

  it('a write registered in the same turn as the receipt arrives is still waited for', async () => {
    // The receipt is read before the worker's continuation has run: it registers after.
    const writes = new WritesInProgress();
    const write = deferred<string>();
    let waited = false;
    const receipt = writes.over('alpha:a4').then(() => (waited = true));
    await Promise.resolve();
    void writes.during(['alpha:a4'], write.promise);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(waited, false);
    write.resolve('SM4');
    await receipt;
    assert.equal(waited, true);
  });
});
