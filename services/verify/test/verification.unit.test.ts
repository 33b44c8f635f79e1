import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DEFAULT_SETTINGS, type VerifySettings } from '../src/domain/settings.js';
import {
  advance,
  applyAttemptStatus,
  applyFallback,
  check,
  initialState,
  keepsCode,
  LAST_ERROR,
  type AttemptState,
  type VerificationState,
} from '../src/domain/verification.js';

// One test per row of the spec's verification state table, on the pure state machine.

const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function started(
  settings: Partial<VerifySettings> = {},
  attempts: AttemptState[] = [messenger('sent')],
): VerificationState {
  const all = { ...DEFAULT_SETTINGS, ...settings };
  return {
    ...initialState(all, T0),
    fallbackReason: null,
    switchOnFailure: all.switchOnFailure,
    delivered: false,
    attempts,
  };
}

function messenger(status: string): AttemptState {
  return { sid: 'TG1', channel: 'messenger', status, costCents: 2 };
}

function sms(status: string): AttemptState {
  return { sid: 'SM1', channel: 'sms', status, costCents: 4 };
}

describe('verification state machine (spec state table)', () => {
  it('(none) -> pending: checks_left = wrong codes allowed, expires_at = start + expiry, fallback due at start + wait', () => {
    const state = initialState(
      { ...DEFAULT_SETTINGS, maxWrongCodes: 3, expiryMinutes: 2, fallbackWaitSeconds: 30 },
      T0,
    );
    assert.equal(state.status, 'pending');
    assert.equal(state.checksLeft, 3);
    assert.deepEqual(state.expiresAt, at(120));
    assert.deepEqual(state.fallbackDueAt, at(30));
    assert.equal(state.channel, 'messenger');
  });

  it('(none) -> pending on the SMS channel or with fallback off: no fallback is ever due', () => {
    assert.equal(initialState({ ...DEFAULT_SETTINGS, channel: 'sms' }, T0).fallbackDueAt, null);
    assert.equal(initialState({ ...DEFAULT_SETTINGS, smsFallback: false }, T0).fallbackDueAt, null);
  });

  it('pending + right code -> approved, valid, approved_at set', () => {
    const step = check(started(), true, at(5));
    assert.deepEqual(step, { kind: 'finish', valid: true, finish: { status: 'approved', approvedAt: at(5) } });
  });

  it('pending + wrong code with checks left above 0 -> pending, checks_left - 1', () => {
    assert.deepEqual(check(started({ maxWrongCodes: 5 }), false, at(5)), { kind: 'wrong', checksLeft: 4 });
  });

  it('pending + wrong code reaching 0 -> failed with last_error', () => {
    const state = { ...started(), checksLeft: 1 };
    assert.deepEqual(check(state, false, at(5)), {
      kind: 'finish',
      valid: false,
      finish: { status: 'failed', lastError: LAST_ERROR.tooManyWrongCodes, checksLeft: 0 },
    });
  });

  it('pending + no channel could send -> failed with last_error', () => {
    const noFallback = started({ smsFallback: false }, [messenger('failed')]);
    assert.deepEqual(advance(noFallback, at(1)), {
      kind: 'finish',
      finish: { status: 'failed', lastError: LAST_ERROR.notSent },
    });
    const smsFailedToo = applyFallback(started({}, [messenger('failed')]), 'messenger_failed', sms('failed'));
    assert.deepEqual(advance(smsFailedToo, at(20)), {
      kind: 'finish',
      finish: { status: 'failed', lastError: LAST_ERROR.notSent },
    });
  });

  it('pending + expires_at passes -> expired (on read/timer and on check)', () => {
    const state = started({ smsFallback: false });
    assert.deepEqual(advance(state, state.expiresAt), { kind: 'finish', finish: { status: 'expired' } });
    assert.deepEqual(check(state, true, state.expiresAt), {
      kind: 'finish',
      valid: false,
      finish: { status: 'expired' },
    });
    assert.deepEqual(advance(state, at(599)), { kind: 'none' });
  });

  it('pending (messenger) + messenger cannot deliver, fallback and switch on -> fallback messenger_failed', () => {
    for (const status of ['failed', 'revoked', 'expired']) {
      assert.deepEqual(advance(started({}, [messenger(status)]), at(1)), {
        kind: 'fallback',
        reason: 'messenger_failed',
      });
    }
    // Refused at send: no attempt was created at all.
    assert.deepEqual(advance(started({}, []), at(0)), { kind: 'fallback', reason: 'messenger_failed' });
  });

  it('messenger cannot deliver with switch-on-failure off: waits for the timeout fallback', () => {
    const state = started({ switchOnFailure: false, fallbackWaitSeconds: 30 }, [messenger('failed')]);
    assert.deepEqual(advance(state, at(29)), { kind: 'none' });
    assert.deepEqual(advance(state, at(30)), { kind: 'fallback', reason: 'timeout' });
  });

  it('pending (messenger) + fallback wait passes without delivery -> fallback timeout', () => {
    const state = started({ fallbackWaitSeconds: 60 });
    assert.deepEqual(advance(state, at(59)), { kind: 'none' });
    assert.deepEqual(advance(state, at(60)), { kind: 'fallback', reason: 'timeout' });
  });

  it('a wait that ran out stays the reason when the messenger fails after it (the fallback revokes the code)', () => {
    const revoked = started({ fallbackWaitSeconds: 60 }, [messenger('revoked')]);
    assert.deepEqual(advance(revoked, at(60)), { kind: 'fallback', reason: 'timeout' });
  });

  it('no fallback after expiry, with SMS fallback off, or once the messenger delivered', () => {
    const state = started({ fallbackWaitSeconds: 60 });
    assert.equal(advance(state, state.expiresAt).kind, 'finish');
    assert.deepEqual(advance(started({ smsFallback: false }), at(61)), { kind: 'none' });
    const delivered = applyAttemptStatus(state, 'TG1', 'delivered');
    assert.equal(delivered.delivered, true);
    assert.equal(delivered.fallbackDueAt, null);
    assert.deepEqual(advance(delivered, at(61)), { kind: 'none' });
    // A later failure report cannot bring the fallback back either.
    assert.deepEqual(advance(applyAttemptStatus(delivered, 'TG1', 'revoked'), at(61)), { kind: 'none' });
  });

  it('the fallback happens at most once and keeps the code only while it can still happen', () => {
    const before = started({}, [messenger('failed')]);
    assert.equal(keepsCode(before), true);
    const after = applyFallback(before, 'messenger_failed', sms('queued'));
    assert.equal(after.channel, 'sms');
    assert.equal(after.fallbackReason, 'messenger_failed');
    assert.deepEqual(
      after.attempts.map((a) => a.channel),
      ['messenger', 'sms'],
    );
    assert.equal(keepsCode(after), false);
    assert.deepEqual(advance(after, at(120)), { kind: 'none' });
    // The SMS could not be queued: nothing re-sent, fallback used up all the same.
    const notQueued = applyFallback(before, 'messenger_failed', undefined);
    assert.equal(notQueued.fallbackReason, null);
    assert.equal(notQueued.channel, 'messenger');
    assert.deepEqual(advance(notQueued, at(1)), {
      kind: 'finish',
      finish: { status: 'failed', lastError: LAST_ERROR.notSent },
    });
  });

  it('approved, expired, failed + check -> unchanged (409)', () => {
    for (const status of ['approved', 'expired', 'failed'] as const) {
      assert.deepEqual(check({ ...started(), status }, true, at(1)), { kind: 'not_pending' });
      assert.deepEqual(advance({ ...started(), status }, at(9999)), { kind: 'none' });
    }
  });

  it('attempt reports only move forward; SMS final statuses never change', () => {
    const state = started({}, [messenger('delivered'), sms('sent')]);
    assert.equal(applyAttemptStatus(state, 'TG1', 'sent'), state);
    assert.equal(applyAttemptStatus(state, 'SM1', 'failed'), state);
    assert.equal(applyAttemptStatus(state, 'TG9', 'read'), state);
    assert.equal(applyAttemptStatus(state, 'TG1', 'read').attempts[0]!.status, 'read');
  });

  it('a failed SMS while the messenger may still deliver keeps the verification pending', () => {
    const timedOut = applyFallback(started({}, [messenger('sent')]), 'timeout', sms('queued'));
    assert.deepEqual(advance(applyAttemptStatus(timedOut, 'SM1', 'failed'), at(70)), { kind: 'none' });
  });
});
