import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { carrierHealth } from '../src/domain/carrier-health.js';
import { errorRetryDelayMs } from '../src/domain/delivery.js';
import { DestinationBackoff } from '../src/domain/destination-backoff.js';
import { ACCEPTED_WITHOUT_ID, afterSubmit, NOT_SENT, partState, UNANSWERED } from '../src/domain/part-states.js';
import { deliveredAt } from '../src/domain/receipts.js';

describe('at most two copies of a part', () => {
  it('any 0x00 is accepted, an empty id included: the part is never submitted again', () => {
    const after = afterSubmit(NOT_SENT, { result: 'accepted', carrierMessageId: '' });
    assert.equal(after.entry, ACCEPTED_WITHOUT_ID);
    assert.equal(partState(after.entry), 'accepted');
  });
  it('an unanswered part may go once more; a second silence is the end', () => {
    const once = afterSubmit(NOT_SENT, { result: 'no_answer' });
    assert.deepEqual(once, { entry: UNANSWERED, twice: false });
    assert.deepEqual(afterSubmit(once.entry, { result: 'refused' }), { entry: UNANSWERED, twice: false });
    assert.deepEqual(afterSubmit(once.entry, { result: 'no_answer' }), { entry: UNANSWERED, twice: true });
    assert.equal(afterSubmit(once.entry, { result: 'accepted', carrierMessageId: '3E9' }).entry, '3E9');
  });
});

describe('per-destination back-off', () => {
  it('doubles with each refusal up to 16 times the first wait, and ends with an acceptance', () => {
    const backoff = new DestinationBackoff(100);
    const waits = [0, 100, 300, 700, 1500, 3100, 4700].map((at) => backoff.throttled('+447700000001', at));
    assert.deepEqual(waits, [100, 200, 400, 800, 1600, 1600, 1600]);
    assert.equal(backoff.waitMs('+447700000001', 5000), 1300);
    assert.equal(backoff.waitMs('+447700000002', 5000), 0, 'another number does not wait');
    backoff.accepted('+447700000001');
    assert.equal(backoff.waitMs('+447700000001', 5000), 0);
    assert.equal(backoff.throttled('+447700000001', 6000), 100);
  });
});

describe('timestamps never go backwards', () => {
  const sentAt = new Date('2026-11-28T12:00:40.500Z');
  it('a done date of minute precision before the send gives way to the time the receipt came', () => {
    const at = deliveredAt(
      [{ doneAt: new Date('2026-11-28T12:00:00Z'), receivedAt: new Date('2026-11-28T12:00:41.200Z') }],
      sentAt,
    );
    assert.equal(at.toISOString(), '2026-11-28T12:00:41.200Z');
  });
  it('a done date within the span is kept; none is ever before the send', () => {
    const done = new Date('2026-11-28T12:01:00Z');
    assert.equal(
      deliveredAt([{ doneAt: done, receivedAt: new Date('2026-11-28T12:01:02Z') }], sentAt).getTime(),
      done.getTime(),
    );
    // A receipt that raced ahead of the write of `sent`.
    assert.equal(
      deliveredAt([{ doneAt: null, receivedAt: new Date('2026-11-28T12:00:40.100Z') }], sentAt).getTime(),
      sentAt.getTime(),
    );
  });
});

describe('carrier health', () => {
  const bind = { bound: true, throttled: false, degraded: false };
  it('down, degraded, throttled, ready', () => {
    assert.equal(carrierHealth([{ ...bind, bound: false }]), 'down');
    assert.equal(carrierHealth([bind, { ...bind, degraded: true }]), 'degraded');
    assert.equal(carrierHealth([{ ...bind, throttled: true }]), 'throttled');
    assert.equal(carrierHealth([bind, { ...bind, bound: false }]), 'ready');
  });
});

describe('a delivery that throws', () => {
  it('is tried again with backoff, never more than a minute apart', () => {
    assert.equal(errorRetryDelayMs(2000, 1), 2000);
    assert.equal(errorRetryDelayMs(2000, 3), 8000);
    assert.equal(errorRetryDelayMs(2000, 40), 60_000);
  });
});
