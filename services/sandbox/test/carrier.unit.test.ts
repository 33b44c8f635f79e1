import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { submitOutcome } from '../src/carrier/behaviour.js';
import { concatenationInfo, PartCollector } from '../src/carrier/concatenation.js';
import { CarrierRules } from '../src/carrier/rules.js';

describe('simulated carrier behaviour (docs/sandbox.md)', () => {
  const cases: [string, number, string][] = [
    ['+447700123495', 1, 'transient_error'],
    ['+447700123495', 2, 'transient_error'],
    ['+447700123495', 3, 'accepted'],
    ['+447700123496', 1, 'rejected'],
    ['+447700123496', 9, 'rejected'],
    ['+447700123497', 1, 'rejected'],
    ['+447700123494', 1, 'accepted'],
    ['+447700123490', 1, 'accepted'],
  ];
  for (const [to, n, outcome] of cases) {
    it(`${to}, submit ${n}: ${outcome}`, () => assert.equal(submitOutcome(to, n), outcome));
  }
});

describe('concatenated parts', () => {
  it('reads 8-bit and 16-bit reference headers', () => {
    assert.deepEqual(concatenationInfo([Buffer.from([0x00, 0x03, 7, 2, 1])]), { reference: 7, total: 2, sequence: 1 });
    assert.deepEqual(concatenationInfo([Buffer.from([0x08, 0x04, 1, 2, 3, 2])]), {
      reference: 258,
      total: 3,
      sequence: 2,
    });
    assert.equal(concatenationInfo(undefined), undefined);
  });

  it('joins parts in sequence order once the last one arrives, even out of order', () => {
    const collector = new PartCollector();
    assert.equal(collector.add('k', { reference: 1, total: 3, sequence: 3 }, 'c', 'id3'), undefined);
    assert.equal(collector.add('k', { reference: 1, total: 3, sequence: 1 }, 'a', 'id1'), undefined);
    assert.deepEqual(collector.add('k', { reference: 1, total: 3, sequence: 2 }, 'b', 'id2'), {
      text: 'abc',
      ids: ['id1', 'id2', 'id3'],
    });
  });
});

describe('scripted answers', () => {
  it('first matching rule answers, by ending and part, for its first `times` matches', () => {
    const rules = new CarrierRules();
    rules.set([
      { ending: '01', part: 2, status: 0x08, times: 1 },
      { ending: '01', receipt: 'UNDELIV' },
      { ending: '02', status: 0x58, times: 2 },
      { ending: '04', answer_after_ms: 3000 },
    ]);
    assert.deepEqual(rules.answer('+447700000001', 1), { status: 0, receipt: 'UNDELIV', answerAfterMs: 0 });
    assert.deepEqual(rules.answer('+447700000001', 2), { status: 0x08 });
    assert.deepEqual(rules.answer('+447700000001', 2), { status: 0, receipt: 'UNDELIV', answerAfterMs: 0 });
    assert.deepEqual(rules.answer('+447700000004', undefined), { status: 0, receipt: 'DELIVRD', answerAfterMs: 3000 });
    assert.deepEqual(rules.answer('+447700000002', undefined), { status: 0x58 });
    assert.deepEqual(rules.answer('+447700000002', undefined), { status: 0x58 });
    assert.equal(rules.answer('+447700000002', undefined), undefined);
    assert.equal(rules.answer('+447700000003', undefined), undefined);
  });
});
