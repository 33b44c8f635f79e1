import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { currentCostCents } from '../src/domain/delivery.js';
import { planSegments } from '../src/domain/segments.js';

const EMOJI = '\u{1F600}'; // outside the BMP: a surrogate pair, 2 UTF-16 code units

describe('planSegments: what a carrier bills', () => {
  const cases: { name: string; body: string; encoding: 'gsm7' | 'ucs2'; segments: number }[] = [
    { name: 'one plain character', body: 'a', encoding: 'gsm7', segments: 1 },
    { name: '160 plain', body: 'a'.repeat(160), encoding: 'gsm7', segments: 1 },
    { name: '161 plain', body: 'a'.repeat(161), encoding: 'gsm7', segments: 2 },
    { name: '306 plain (2 x 153)', body: 'a'.repeat(306), encoding: 'gsm7', segments: 2 },
    { name: '307 plain', body: 'a'.repeat(307), encoding: 'gsm7', segments: 3 },
    {
      name: 'every plain symbol, newlines',
      body: 'Code: 1234\r\n@$_!"#%&\'()*+,-./:;<=>?',
      encoding: 'gsm7',
      segments: 1,
    },
    { name: '70 non-ASCII', body: 'é'.repeat(70), encoding: 'ucs2', segments: 1 },
    { name: '71 non-ASCII', body: 'é'.repeat(71), encoding: 'ucs2', segments: 2 },
    { name: '134 non-ASCII (2 x 67)', body: 'é'.repeat(134), encoding: 'ucs2', segments: 2 },
    { name: '135 non-ASCII', body: 'é'.repeat(135), encoding: 'ucs2', segments: 3 },
    {
      name: 'one non-ASCII character makes 160 plain characters UCS-2',
      body: 'a'.repeat(159) + '€',
      encoding: 'ucs2',
      segments: 3,
    },
    // The spec: every printable ASCII character counts, whatever GSM makes of it.
    { name: 'a backtick is ASCII', body: '`', encoding: 'gsm7', segments: 1 },
    { name: 'GSM extension characters are ASCII', body: 'a[b]{c}~|^\\', encoding: 'gsm7', segments: 1 },
    {
      name: '100 ASCII characters with { and [ are one segment',
      body: `Order {A-17} [paid]: ${'x'.repeat(79)}`,
      encoding: 'gsm7',
      segments: 1,
    },
    { name: '160 escape characters are one segment', body: '{'.repeat(160), encoding: 'gsm7', segments: 1 },
    { name: '161 escape characters are two', body: '['.repeat(161), encoding: 'gsm7', segments: 2 },
    { name: 'tab is not ASCII text', body: 'a\tb', encoding: 'ucs2', segments: 1 },
    { name: 'DEL is not printable', body: 'a\u007f', encoding: 'ucs2', segments: 1 },
    { name: '35 emoji = 70 code units', body: EMOJI.repeat(35), encoding: 'ucs2', segments: 1 },
    { name: '68 units + 1 emoji = 70 units', body: 'é'.repeat(68) + EMOJI, encoding: 'ucs2', segments: 1 },
    { name: '69 units + 1 emoji = 71 units', body: 'é'.repeat(69) + EMOJI, encoding: 'ucs2', segments: 2 },
    { name: '36 emoji = 72 code units', body: EMOJI.repeat(36), encoding: 'ucs2', segments: 2 },
    { name: '66 emoji = 132 code units (2 x 33 pairs)', body: EMOJI.repeat(66), encoding: 'ucs2', segments: 2 },
    { name: '67 emoji: parts of 66 units, pairs never split', body: EMOJI.repeat(67), encoding: 'ucs2', segments: 3 },
    { name: '68 emoji = 136 code units', body: EMOJI.repeat(68), encoding: 'ucs2', segments: 3 },
  ];

  for (const c of cases) {
    it(`${c.name}: ${c.encoding}, ${c.segments} segment(s)`, () => {
      const plan = planSegments(c.body);
      assert.equal(plan.encoding, c.encoding);
      assert.equal(plan.parts.length, c.segments);
    });
  }

  it('parts rejoin to the body and respect the per-part limit', () => {
    for (const body of ['a'.repeat(307), 'é'.repeat(135), EMOJI.repeat(68)]) {
      const plan = planSegments(body);
      assert.equal(plan.parts.join(''), body);
      const limit = plan.encoding === 'gsm7' ? 153 : 67;
      for (const part of plan.parts) assert.ok(part.length <= limit, `part of ${part.length} units`);
    }
  });
});

describe('what a message costs the customer now', () => {
  it('its price until it ends unsent; a failed (refunded) or never-queued message shows 0', () => {
    for (const status of ['queued', 'processing', 'sent']) assert.equal(currentCostCents(status, 10), 10, status);
    for (const status of ['failed', 'enqueue_failed']) assert.equal(currentCostCents(status, 10), 0, status);
  });
});
