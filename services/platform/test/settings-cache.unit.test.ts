import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { SETTINGS_MAX_AGE_MS, SettingsCache } from '../src/settings-cache.js';

/** A cache on a clock the test moves, and a counted read of the "stored" value. */
function world() {
  let now = 0;
  const cache = new SettingsCache<string>(SETTINGS_MAX_AGE_MS, () => now);
  const stored = new Map<string, string>([['p1', 'on']]);
  let reads = 0;
  const read = (key: string) => () => {
    reads += 1;
    return Promise.resolve(stored.get(key) ?? 'default');
  };
  return {
    cache,
    stored,
    read,
    get reads() {
      return reads;
    },
    advance(ms: number) {
      now += ms;
    },
  };
}

describe('SettingsCache: settings at most a second old', () => {
  it('reads once within a second; a change another replica made is read once the second is over', async () => {
    const w = world();
    assert.equal(await w.cache.get('p1', w.read('p1')), 'on');
    w.stored.set('p1', 'off'); // changed elsewhere
    w.advance(SETTINGS_MAX_AGE_MS - 1);
    assert.equal(await w.cache.get('p1', w.read('p1')), 'on');
    assert.equal(w.reads, 1);
    w.advance(1);
    assert.equal(await w.cache.get('p1', w.read('p1')), 'off');
    assert.equal(w.reads, 2);
  });

  it("a change made through this process is read at once: forget drops every key of the project's prefix", async () => {
    const w = world();
    w.stored.set('p1\u0000A', 'a');
    w.stored.set('p1\u0000B', 'b');
    w.stored.set('p2\u0000A', 'other');
    for (const key of ['p1\u0000A', 'p1\u0000B', 'p2\u0000A']) await w.cache.get(key, w.read(key));
    w.stored.set('p1\u0000A', 'a2');
    w.stored.set('p2\u0000A', 'other2');
    w.cache.forget('p1\u0000');
    assert.equal(await w.cache.get('p1\u0000A', w.read('p1\u0000A')), 'a2');
    assert.equal(await w.cache.get('p1\u0000B', w.read('p1\u0000B')), 'b');
    // Another project's entry is still the one read before.
    assert.equal(await w.cache.get('p2\u0000A', w.read('p2\u0000A')), 'other');
    assert.equal(w.reads, 5);
  });

  it('concurrent requests share one read, and a failed read is not kept', async () => {
    const w = world();
    const [a, b] = await Promise.all([w.cache.get('p1', w.read('p1')), w.cache.get('p1', w.read('p1'))]);
    assert.deepEqual([a, b, w.reads], ['on', 'on', 1]);

    let fail = true;
    const flaky = () => (fail ? Promise.reject(new Error('database away')) : Promise.resolve('back'));
    await assert.rejects(w.cache.get('p9', flaky), /database away/);
    fail = false;
    assert.equal(await w.cache.get('p9', flaky), 'back');
  });
});
