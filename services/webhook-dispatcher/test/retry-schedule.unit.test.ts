import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { nextState } from '../src/delivery/attempt.js';
import { verdictFor } from '../src/domain/attempt-verdict.js';
import { JITTER, MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from '../src/domain/retry-schedule.js';

const middle = () => 0.5; // no jitter
const MINUTE = 60_000;

describe('retry schedule', () => {
  it('is the documented schedule: 5s, 30s, 2m, 10m, 30m, 1h, 3h, 6h, 12h, then give up', () => {
    const waits = Array.from({ length: MAX_ATTEMPTS }, (_, i) => retryDelayMs(i + 1, { scale: 1, random: middle }));
    assert.deepEqual(waits, [
      5_000,
      30_000,
      2 * MINUTE,
      10 * MINUTE,
      30 * MINUTE,
      60 * MINUTE,
      180 * MINUTE,
      360 * MINUTE,
      720 * MINUTE,
      undefined,
    ]);
    assert.equal(MAX_ATTEMPTS, 10);
  });

  it('spans about a day from the first attempt to giving up', () => {
    const total = RETRY_DELAYS_MS.reduce((sum, wait) => sum + wait, 0);
    assert.equal(total, 22 * 60 * MINUTE + 42 * MINUTE + 35_000);
    assert.ok(total * (1 + JITTER) < 28 * 60 * MINUTE && total * (1 - JITTER) > 18 * 60 * MINUTE);
  });

  it('jitters each wait by at most 20 % either way', () => {
    assert.equal(retryDelayMs(2, { scale: 1, random: () => 0 }), 24_000);
    assert.equal(retryDelayMs(2, { scale: 1, random: () => 0.999999 }), 36_000);
    for (let i = 0; i < 200; i++) {
      const wait = retryDelayMs(4, { scale: 1, random: Math.random })!;
      assert.ok(wait >= 8 * MINUTE && wait <= 12 * MINUTE, `${wait}`);
    }
  });

  it('scales every wait for fast test runs', () => {
    assert.equal(retryDelayMs(1, { scale: 0.001, random: middle }), 5);
    assert.equal(retryDelayMs(9, { scale: 0.001, random: middle }), 43_200);
  });

  it('has no wait before attempt 0 or after the last one', () => {
    assert.equal(retryDelayMs(0, { scale: 1, random: middle }), undefined);
    assert.equal(retryDelayMs(MAX_ATTEMPTS, { scale: 1, random: middle }), undefined);
  });
});

describe('attempt verdict', () => {
  const cases: [Parameters<typeof verdictFor>[0], ReturnType<typeof verdictFor>][] = [
    [{ statusCode: 200 }, 'succeeded'],
    [{ statusCode: 204 }, 'succeeded'],
    [{ statusCode: 299 }, 'succeeded'],
    [{ statusCode: 500 }, 'retry'],
    [{ statusCode: 502 }, 'retry'],
    [{ statusCode: 503 }, 'retry'],
    [{ statusCode: 429 }, 'retry'],
    [{ statusCode: 400 }, 'failed'],
    [{ statusCode: 401 }, 'failed'],
    [{ statusCode: 404 }, 'failed'],
    [{ statusCode: 410 }, 'failed'],
    [{ statusCode: 301 }, 'failed'],
    [{ statusCode: 302 }, 'failed'],
    [{ failure: 'timeout' }, 'retry'],
    [{ failure: 'connection' }, 'retry'],
    [{ failure: 'refused' }, 'failed'],
  ];
  for (const [result, verdict] of cases) {
    it(`${JSON.stringify(result)} -> ${verdict}`, () => assert.equal(verdictFor(result), verdict));
  }
});

describe('next state of a delivery', () => {
  const outcome = (o: Partial<Parameters<typeof nextState>[0]>) => ({ responseSnippet: '', durationMs: 1, ...o });

  it('a 5xx on attempt 1 waits the first step', () => {
    assert.deepEqual(nextState(outcome({ statusCode: 503 }), 1, 1, middle), { status: 'pending', retryInMs: 5_000 });
  });
  it('a 5xx on the last attempt fails the delivery, saying it gave up', () => {
    assert.deepEqual(nextState(outcome({ statusCode: 503 }), MAX_ATTEMPTS, 1, middle), {
      status: 'failed',
      error: 'HTTP 503 (gave up after 10 attempts)',
    });
  });
  it('a 404 fails at once', () => {
    assert.deepEqual(nextState(outcome({ statusCode: 404 }), 1, 1, middle), { status: 'failed', error: 'HTTP 404' });
  });
  it('a redirect fails at once and says redirects are not followed', () => {
    assert.deepEqual(nextState(outcome({ statusCode: 302 }), 1, 1, middle), {
      status: 'failed',
      error: 'HTTP 302: redirects are not followed',
    });
  });
  it('a refused target fails at once with the reason', () => {
    const next = nextState(outcome({ failure: 'refused', error: 'target address not allowed: x' }), 1, 1, middle);
    assert.deepEqual(next, { status: 'failed', error: 'target address not allowed: x' });
  });
  it('a timeout is retried', () => {
    assert.deepEqual(nextState(outcome({ failure: 'timeout', error: 'no response' }), 3, 1, middle), {
      status: 'pending',
      retryInMs: 2 * MINUTE,
    });
  });
  it('a 2xx succeeds', () => {
    assert.deepEqual(nextState(outcome({ statusCode: 200 }), 4, 1, middle), { status: 'succeeded' });
  });
});
