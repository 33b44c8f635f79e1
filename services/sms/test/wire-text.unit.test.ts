import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import fc from 'fast-check';
import { gsm7Septets } from '../src/domain/gsm7.js';
import { planSegments } from '../src/domain/segments.js';
import { gsm7Parts, wireText } from '../src/domain/wire-text.js';

// What goes on the wire for ASCII text is what was billed: as many parts as sms_segments, in the
// carrier's data_coding, GSM 7-bit with escapes only when the escaped text fits those parts.

const ESC = 0x1b;

describe('ASCII text on the wire', () => {
  it('100 characters with { and [ to a GSM carrier: one part, the escapes on the wire', () => {
    const body = `Order {A-17} [paid]: ${'x'.repeat(79)}`;
    const plan = planSegments(body);
    assert.equal(plan.parts.length, 1);
    const wire = wireText(plan, 0);
    assert.equal(wire.dataCoding, 0);
    assert.equal(wire.parts.length, 1);
    assert.equal(wire.parts[0]!.length, 104, '100 characters, four of them escaped');
    assert.deepEqual([...wire.parts[0]!.subarray(6, 8)], [ESC, 0x28], '{ is 0x1B 0x28');
  });
  it('@ $ _ have their own GSM codes', () => {
    assert.deepEqual([...wireText(planSegments('@$_a'), 0).parts[0]!], [0x00, 0x02, 0x11, 0x61]);
  });
  it('to an IA5 carrier: one byte a character, as billed', () => {
    const wire = wireText(planSegments('{'.repeat(160)), 1);
    assert.equal(wire.dataCoding, 1);
    assert.deepEqual(wire.parts, [Buffer.from('{'.repeat(160), 'ascii')]);
  });
  it('escapes that would need more parts than billed, or a backtick, go as IA5 to a GSM carrier', () => {
    const full = wireText(planSegments('{'.repeat(160)), 0);
    assert.equal(full.dataCoding, 1);
    assert.equal(full.parts.length, 1);
    const backtick = wireText(planSegments('run `make`'), 0);
    assert.equal(backtick.dataCoding, 1);
  });
  it('a longer message is cut again for its escapes, into the same number of parts', () => {
    const body = `${'['.repeat(5)}${'a'.repeat(295)}`; // 300 characters, 305 septets: 2 billed parts
    const plan = planSegments(body);
    assert.equal(plan.parts.length, 2);
    const parts = gsm7Parts(body, 2)!;
    assert.equal(parts.length, 2);
    assert.equal(parts.join(''), body);
    for (const part of parts) assert.ok(gsm7Septets(part)! <= 153);
    assert.equal(wireText(plan, 0).dataCoding, 0);
    // Four more escapes would need a third part: IA5 then, in the two parts billed.
    assert.equal(gsm7Parts(`${'['.repeat(9)}${'a'.repeat(291)}`, 2), undefined);
  });
  it('property: every ASCII text goes as exactly its billed parts, each within its limit', () => {
    const ascii = fc.array(fc.constantFrom('a', ' ', '{', '[', '~', '`', '\n', '@', '_'), { maxLength: 500 });
    fc.assert(
      fc.property(ascii, (chars) => {
        const body = chars.join('');
        const plan = planSegments(body);
        assert.equal(plan.encoding, 'gsm7');
        for (const coding of [0, 1, 3] as const) {
          const wire = wireText(plan, coding);
          assert.equal(wire.parts.length, plan.parts.length);
          const limit = plan.parts.length === 1 ? 160 : 153;
          for (const part of wire.parts) assert.ok(part.length <= limit, `${part.length} octets in a part`);
        }
      }),
    );
  });
});
