import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { afterFailedSubmit, afterUnfinishedTry, retryDelayMs } from '../src/domain/delivery.js';

describe('delivery rules', () => {
  it('a try whose outcome was never written waits out its answer time, then counts as unknown', () => {
    const started = new Date('2026-11-24T10:00:00.000Z');
    const at = (ms: number) => new Date(started.getTime() + ms);
    assert.deepEqual(afterUnfinishedTry(started, at(1000), 4000), { kind: 'wait', ms: 3000 });
    assert.deepEqual(afterUnfinishedTry(started, at(3999), 4000), { kind: 'wait', ms: 1 });
    assert.deepEqual(afterUnfinishedTry(started, at(4000), 4000), { kind: 'unknown' });
    assert.deepEqual(afterUnfinishedTry(started, at(60_000), 4000), { kind: 'unknown' });
  });

  it('six submit attempts in all, with doubling waits', () => {
    assert.equal(afterFailedSubmit(5), 'retry');
    assert.equal(afterFailedSubmit(6), 'give_up');
    assert.deepEqual(
      [1, 2, 3, 4].map((retry) => retryDelayMs(50, retry)),
      [50, 100, 200, 400],
    );
  });
});
