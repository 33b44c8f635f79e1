import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { eventually } from '@otp/test/infra';
import { cents, TIME_SCALE, VerifyWorld } from './verify-world.js';

// One test per row of the spec's verification state table, through the REST API against the
// sandbox (real gateway, verify, messenger, sms, billing processes; real Postgres and NATS).
// Sandbox number endings: 90 no messenger account, 91 never delivered, 93 revoked, 97 no account
// and every SMS submit fails, others delivered. Vodafone UK numbers: SMS 0.05 per segment.

const SMS_PRICE = 5;
const FEE = 2;
const MESSENGER = 2;

let world: VerifyWorld;

describe('verification state table, end to end', () => {
  beforeAll(async () => {
    world = await VerifyWorld.start();
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('messenger delivered, a wrong code, then approved: one webhook, fee and messenger send kept', async () => {
    const project = await world.project();
    const to = world.number('12');
    const started = await world.start(project, to, { metadata: { order: 'A-1' } });
    assert.equal(started.status, 'pending');
    assert.equal(started.channel, 'messenger');
    assert.equal(started.fallback_reason, null);
    assert.equal(started.checks_left, 5);
    assert.equal(started.fee, '0.02');
    assert.deepEqual(started.metadata, { order: 'A-1' });
    assert.equal(Date.parse(started.expires_at) - Date.parse(started.date_created), (10 * 60 * 1000) / TIME_SCALE);

    const code = await world.codeFor(to, 'messenger');
    assert.match(code, /^\d{6}$/);
    await world.until(project, started.sid, (v) => v.attempts[0]?.status === 'delivered', 'messenger delivery');

    const wrong = await world.check(project, started.sid, code === '000000' ? '000001' : '000000');
    assert.equal(wrong.status, 200);
    assert.equal(wrong.body.valid, false);
    assert.equal(wrong.body.status, 'pending');
    assert.equal(wrong.body.checks_left, 4);

    const right = await world.check(project, started.sid, code);
    assert.equal(right.status, 200, right.text);
    assert.equal(right.body.valid, true);
    assert.equal(right.body.status, 'approved');
    assert.ok(right.body.approved_at);
    assert.equal(right.body.cost, '0.04');
    assert.deepEqual(
      right.body.attempts.map((a) => [a.channel, a.cost]),
      [['messenger', '0.02']],
    );
    await world.assertCostMatchesLedger(project, right.body);

    const events = await eventually(
      async () => world.finishedEvents(started.sid),
      (found) => found.length > 0,
      { what: 'the approved event' },
    );
    assert.equal(events[0]!.type, 'verification.approved');
    assert.equal(events[0]!.data.cost, '0.04');
    assert.deepEqual(events[0]!.data.metadata, { order: 'A-1' });
  });

  it('ending 90 (no messenger account): the refused messenger send, then the SMS fallback, messenger_failed', async () => {
    const project = await world.project();
    const to = world.number('90');
    const balanceBefore = await world.balanceCents(project);
    const started = await world.start(project, to);
    assert.equal(started.status, 'pending');
    assert.equal(started.channel, 'sms');
    assert.equal(started.fallback_reason, 'messenger_failed');
    // Spec: "second attempt appended": the refused messenger send is the first attempt.
    assert.deepEqual(
      started.attempts.map((a) => [a.channel, a.cost]),
      [
        ['messenger', '0.00'],
        ['sms', '0.05'],
      ],
    );
    assert.equal(started.attempts[0]!.status, 'failed');
    const [refused, sms] = started.attempts;
    assert.match(refused!.sid, /^TG[a-f0-9]{24}$/);
    assert.match(sms!.sid, /^SM[a-f0-9]{24}$/);
    const record = await project.api.get<{ status: string; cost: string; last_error?: string }>(
      `/messages/messenger/${refused!.sid}`,
    );
    assert.equal(record.status, 200, record.text);
    assert.deepEqual([record.body.status, record.body.cost], ['failed', '0.00']);
    assert.ok(record.body.last_error);

    const code = await world.codeFor(to, 'sms');
    const right = await world.check(project, started.sid, code);
    assert.equal(right.body.valid, true);
    assert.equal(right.body.status, 'approved');

    const settled = await world.until(
      project,
      started.sid,
      (v) => v.attempts[1]?.status === 'sent',
      'SMS accepted by the carrier',
    );
    assert.equal(cents(settled.cost), FEE + SMS_PRICE);
    assert.deepEqual(
      settled.attempts.map((a) => [a.channel, a.status, a.cost]),
      [
        ['messenger', 'failed', '0.00'],
        ['sms', 'sent', '0.05'],
      ],
    );
    await world.assertCostMatchesLedger(project, settled);
    assert.equal(await world.balanceCents(project), balanceBefore - FEE - SMS_PRICE);
  });

  it('ending 91 (never delivered): the timer sends the SMS at the fallback wait, same code, messenger refunded', async () => {
    const project = await world.project({ fallback_wait_seconds: 10 });
    const to = world.number('91');
    const started = await world.start(project, to);
    assert.equal(started.channel, 'messenger');
    const messengerCode = await world.codeFor(to, 'messenger');

    // Nobody reads the verification: the SMS must come from the timer alone.
    const smsCode = await world.codeFor(to, 'sms');
    assert.equal(smsCode, messengerCode, 'the fallback re-sends the same code');

    const after = await world.get(project, started.sid);
    assert.equal(after.channel, 'sms');
    assert.equal(after.fallback_reason, 'timeout');
    assert.deepEqual(
      after.attempts.map((a) => a.channel),
      ['messenger', 'sms'],
    );
    assert.equal(after.attempts[0]!.cost, '0.00', 'the undelivered messenger send is refunded');
    // The fallback came at the (scaled) wait, not before it.
    assert.ok(Date.parse(after.attempts[1]!.date_created) - Date.parse(after.date_created) >= (10 * 1000) / TIME_SCALE);

    const right = await world.check(project, started.sid, messengerCode);
    assert.equal(right.body.valid, true);
    const settled = await world.until(project, started.sid, (v) => v.attempts[1]?.status === 'sent', 'SMS accepted');
    assert.equal(cents(settled.cost), FEE + SMS_PRICE);
    await world.assertCostMatchesLedger(project, settled);
  });

  it('ending 97 with SMS fallback: no channel can send -> failed with last_error, everything refunded', async () => {
    const project = await world.project();
    const to = world.number('97');
    const balanceBefore = await world.balanceCents(project);
    const started = await world.start(project, to);
    assert.equal(started.fallback_reason, 'messenger_failed');

    const failed = await world.until(project, started.sid, (v) => v.status === 'failed', 'the verification to fail');
    assert.ok(failed.last_error, 'last_error says why');
    assert.deepEqual(
      failed.attempts.map((a) => [a.channel, a.status, a.cost]),
      [
        ['messenger', 'failed', '0.00'],
        ['sms', 'failed', '0.00'],
      ],
    );
    assert.equal(failed.cost, '0.00');
    assert.equal(failed.fee, '0.02');
    await world.assertCostMatchesLedger(project, failed);
    assert.equal(await world.balanceCents(project), balanceBefore);

    const events = await eventually(
      async () => world.finishedEvents(started.sid),
      (e) => e.length > 0,
      { what: 'the failed event' },
    );
    assert.equal(events[0]!.type, 'verification.failed');
    assert.equal(events[0]!.data.cost, '0.00');
    assert.equal((await world.check(project, started.sid, '123456')).status, 409);
  });

  it('wrong codes until checks_left reaches 0 -> failed; later checks -> 409 VERIFICATION_NOT_PENDING', async () => {
    const project = await world.project({ max_wrong_codes: 2 });
    const to = world.number('12');
    const started = await world.start(project, to);
    assert.equal(started.checks_left, 2);
    const code = await world.codeFor(to, 'messenger');
    await world.until(project, started.sid, (v) => v.attempts[0]?.status === 'delivered', 'messenger delivery');
    const wrong = code === '111111' ? '222222' : '111111';

    const first = await world.check(project, started.sid, wrong);
    assert.equal(first.body.checks_left, 1);
    assert.equal(first.body.status, 'pending');
    const second = await world.check(project, started.sid, wrong);
    assert.equal(second.status, 200);
    assert.equal(second.body.valid, false);
    assert.equal(second.body.status, 'failed');
    assert.equal(second.body.checks_left, 0);
    assert.equal(second.body.last_error, 'too many wrong codes');

    const late = await world.check(project, started.sid, code);
    assert.equal(late.status, 409);
    assert.equal(late.body.error.code, 'VERIFICATION_NOT_PENDING');
    // The messenger send went out, so the fee and the send stay charged.
    const settled = await world.get(project, started.sid);
    assert.equal(cents(settled.cost), FEE + MESSENGER);
    await world.assertCostMatchesLedger(project, settled);
  });

  it('expires_at passes -> expired by the timer (no read needed), one webhook; checks -> 409', async () => {
    const project = await world.project({ expiry_minutes: 1, fallback_wait_seconds: 10, sms_fallback: false });
    const to = world.number('12');
    const started = await world.start(project, to);
    const code = await world.codeFor(to, 'messenger');

    const events = await eventually(
      async () => world.finishedEvents(started.sid),
      (e) => e.length > 0,
      {
        what: 'the expired event',
        timeoutMs: 20000,
      },
    );
    assert.equal(events[0]!.type, 'verification.expired');
    assert.ok(Date.now() >= Date.parse(started.expires_at));

    const late = await world.check(project, started.sid, code);
    assert.equal(late.status, 409);
    assert.equal(late.body.error.code, 'VERIFICATION_NOT_PENDING');
    const expired = await world.get(project, started.sid);
    assert.equal(expired.status, 'expired');
    assert.equal(cents(expired.cost), FEE + MESSENGER, 'delivered: fee and send kept');
    await world.assertCostMatchesLedger(project, expired);
    assert.equal(world.finishedEvents(started.sid).length, 1);
  });

  it('an undelivered code expires: the messenger send and the fee are refunded, checks -> 409', async () => {
    const project = await world.project({ expiry_minutes: 1, fallback_wait_seconds: 10, sms_fallback: false });
    const to = world.number('91');
    const balanceBefore = await world.balanceCents(project);
    const started = await world.start(project, to);
    const code = await world.codeFor(to, 'messenger');
    // Settlement follows the finish (and is retried until the peers answer): wait for both.
    const expired = await world.until(
      project,
      started.sid,
      (v) => v.status === 'expired' && v.cost === '0.00',
      'expiry and its refunds',
    );
    assert.equal(expired.attempts[0]!.cost, '0.00');
    await world.assertCostMatchesLedger(project, expired);
    assert.equal(await world.balanceCents(project), balanceBefore);
    const late = await world.check(project, started.sid, code);
    assert.equal(late.status, 409);
  });

  it('the fallback happens at most once: messenger revoked, then the wait passes and reads race', async () => {
    const project = await world.project({ fallback_wait_seconds: 10 });
    const to = world.number('93');
    const started = await world.start(project, to);
    const first = await world.until(project, started.sid, (v) => v.fallback_reason !== null, 'the fallback');
    assert.equal(first.fallback_reason, 'messenger_failed');
    const fallbackDueAt = Date.parse(started.date_created) + (10 * 1000) / TIME_SCALE;

    // Concurrent reads well past the moment the timeout fallback would have been due.
    await eventually(
      async () => {
        const reads = await Promise.all(Array.from({ length: 5 }, () => world.get(project, started.sid)));
        for (const read of reads) assert.equal(read.attempts.filter((a) => a.channel === 'sms').length, 1);
        return Date.now();
      },
      (now) => now > fallbackDueAt + 1000,
      { what: 'the fallback wait to pass', intervalMs: 200 },
    );
    assert.equal((await world.codes(to, 'sms')).length, 1, 'exactly one SMS reached the phone');
    const final = await world.get(project, started.sid);
    assert.equal(final.fallback_reason, 'messenger_failed');
    assert.equal(final.attempts.length, 2);
  });
});
