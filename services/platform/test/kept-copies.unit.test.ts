import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { KeptCopies } from '../src/kept-copies.js';

// The copies a process keeps of rows it wrote (verify's verifications, messenger's codes): bounded
// in number and in age.

describe('kept copies', () => {
  it('answers the copy last kept under a key, and knows it from an equal read', () => {
    const kept = new KeptCopies<{ version: number }>(10);
    const first = { version: 1 };
    const second = { version: 2 };
    kept.keep('a', first);
    kept.keep('a', second);
    assert.equal(kept.of('a'), second);
    assert.ok(kept.isKept('a', second));
    assert.ok(!kept.isKept('a', first));
    assert.ok(!kept.isKept('a', { version: 2 }));
    assert.equal(kept.of('b'), undefined);
  });

  it('holds at most its limit: the copy kept longest ago goes first', () => {
    const kept = new KeptCopies<string>(2);
    kept.keep('a', 'a1');
    kept.keep('b', 'b1');
    kept.keep('a', 'a2'); // kept again: now the newest
    kept.keep('c', 'c1');
    assert.equal(kept.of('b'), undefined);
    assert.equal(kept.of('a'), 'a2');
    assert.equal(kept.of('c'), 'c1');
    assert.equal(kept.size, 2);
  });

  it('stops answering a copy older than its maximum age', () => {
    let now = 1000;
    const kept = new KeptCopies<string>(10, 500, () => now);
    kept.keep('a', 'a1');
    now = 1500;
    assert.equal(kept.of('a'), 'a1');
    now = 1501;
    assert.equal(kept.of('a'), undefined);
    assert.equal(kept.size, 0, 'and lets it go');
  });

  it('keeps nothing with a limit of 0, and forgets a dropped copy', () => {
    const none = new KeptCopies<string>(0);
    none.keep('a', 'a1');
    assert.equal(none.of('a'), undefined);
    const kept = new KeptCopies<string>(5);
    kept.keep('a', 'a1');
    kept.drop('a');
    assert.equal(kept.of('a'), undefined);
  });
});
