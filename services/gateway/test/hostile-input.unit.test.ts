import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { isStorableJson, isStorableText } from '@otp/platform';
import { hostileInputProblem, MAX_BODY_BREADTH, MAX_BODY_DEPTH } from '../src/domain/hostile-input.js';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, accepts paired ones and ordinary text', () => {
    for (const good of ['', 'hello', 'Grüße', '\u{1F600} emoji', '日本語', '\uFFFF'])
      assert.ok(isStorableText(good), JSON.stringify(good));
    for (const bad of ['\u0000', 'a\u0000b', '\uD800', 'x\uDBFF', '\uDC00x', '\uDC00\uD800', 'ok\uD83D'])
      assert.ok(!isStorableText(bad), JSON.stringify(bad));
  });

  it('walks keys and values of any depth without recursion', () => {
    assert.ok(isStorableJson({ a: ['b', { c: 1 }] }));
    assert.ok(!isStorableJson({ a: ['b', { 'c\u0000': 1 }] }));
    assert.ok(!isStorableJson([[['\uD800']]]));
    assert.ok(isStorableJson(nested(100000)), 'a deep value is walked without a stack overflow');
  });
});

describe('hostile request bodies', () => {
  it('accepts the bodies routes take', () => {
    assert.equal(hostileInputProblem(undefined), undefined);
    assert.equal(hostileInputProblem({ to: '+447700900123', metadata: { order: 'A-1', n: 2, ok: true } }), undefined);
    assert.equal(hostileInputProblem({ constructor: 'x', prototype: 'y' }), undefined, 'plain data, harmless');
  });

  it('names the field that carries NUL or an unpaired surrogate, key or value', () => {
    assert.equal(
      hostileInputProblem({ metadata: { note: 'a\u0000b' } }),
      'metadata.note: must not contain NUL or unpaired surrogate characters',
    );
    assert.equal(
      hostileInputProblem({ metadata: { '\uD800': 1 } }),
      'metadata: a field name must not contain NUL or unpaired surrogate characters',
    );
    assert.match(hostileInputProblem({ list: ['ok', '\uDC00'] }) ?? '', /^list\.1: /);
    assert.match(hostileInputProblem('\u0000') ?? '', /^body: /);
  });

  it('refuses __proto__ keys anywhere', () => {
    const parsed: unknown = JSON.parse('{"metadata": {"__proto__": {"admin": true}}}');
    assert.equal(hostileInputProblem(parsed), 'metadata: "__proto__" is not an accepted field name');
  });

  it('bounds depth and breadth before anything recursive sees the body', () => {
    assert.equal(hostileInputProblem(nested(MAX_BODY_DEPTH)), undefined);
    assert.match(hostileInputProblem(nested(MAX_BODY_DEPTH + 1)) ?? '', /nested deeper than 32 levels/);
    assert.match(hostileInputProblem(nested(100000)) ?? '', /nested deeper/, 'no stack overflow at any depth');
    assert.match(hostileInputProblem(JSON.parse(`[${'['.repeat(5000)}${']'.repeat(5000)}]`)) ?? '', /nested deeper/);
    assert.match(hostileInputProblem(new Array(MAX_BODY_BREADTH + 1).fill(0)) ?? '', /more than 1000 items/);
    const wide = Object.fromEntries(Array.from({ length: MAX_BODY_BREADTH + 1 }, (_, i) => [`k${i}`, i]));
    assert.match(hostileInputProblem(wide) ?? '', /more than 1000 fields/);
  });
});
