import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, type PromiseClient } from '@otp/platform';
import { loadBillingProto, type BillingClient } from '@otp/proto';
import { eventually, type ErrorBody } from '@otp/test/infra';
import { cents, SENDER, VerifyWorld, type Verification } from './verify-world.js';

// The verification endpoints' contract beyond the state table: errors, settings and their
// snapshot, the SMS channel, and exactly one finished event under concurrent checks, reads and
// the timer. Real processes throughout; billing is called directly only to drain a balance.

let world: VerifyWorld;
let billing: PromiseClient<BillingClient>;

describe('verification API, end to end', () => {
  beforeAll(async () => {
    world = await VerifyWorld.start();
    billing = createGrpcClient(
      loadBillingProto().otp.billing.v1.Billing,
      `127.0.0.1:${world.platform.ports.billing}`,
      10000,
    );
  });
  afterAll(async () => {
    billing?.close();
    await world?.stop();
  });

  describe('exactly one finished event', () => {
    it('10 concurrent right-code checks and 10 reads: one approval, the rest 409, one event', async () => {
      const project = await world.project();
      const to = world.number('12');
      const started = await world.start(project, to, { callback: 'https://hooks.example.com/verify' });
      const code = await world.codeFor(to, 'messenger');

      const [checks] = await Promise.all([
        Promise.all(Array.from({ length: 10 }, () => world.check(project, started.sid, code))),
        Promise.all(Array.from({ length: 10 }, () => world.get(project, started.sid))),
      ]);
      assert.equal(checks.filter((r) => r.status === 200 && r.body.valid === true).length, 1);
      assert.equal(
        checks.filter((r) => r.status === 409 && r.body.error.code === 'VERIFICATION_NOT_PENDING').length,
        9,
      );

      assert.equal(await world.writtenFinishedEvents(started.sid), 1);
      const events = await eventually(
        async () => world.finishedEvents(started.sid),
        (e) => e.length >= 1,
        { what: 'the event' },
      );
      assert.equal(events.length, 1);
      assert.equal(events[0]!.type, 'verification.approved');
      assert.deepEqual(world.finishedCallbacks(started.sid), ['https://hooks.example.com/verify']);
    });

    it('reads racing the timer at expiry: one expired event', async () => {
      const project = await world.project({ expiry_minutes: 1, fallback_wait_seconds: 10, sms_fallback: false });
      const started = await world.start(project, world.number('91'));
      await eventually(
        async () =>
          (await Promise.all(Array.from({ length: 4 }, () => world.get(project, started.sid)))).map((v) => v.status),
        (statuses) => statuses.every((s) => s === 'expired'),
        { what: 'expiry', timeoutMs: 20000, intervalMs: 50 },
      );
      assert.equal(await world.writtenFinishedEvents(started.sid), 1);
      const events = await eventually(
        async () => world.finishedEvents(started.sid),
        (e) => e.length >= 1,
        { what: 'the event' },
      );
      assert.deepEqual(
        events.map((e) => e.type),
        ['verification.expired'],
      );
    });

    it('concurrent wrong codes never skip a decrement nor spend a check twice', async () => {
      const project = await world.project({ max_wrong_codes: 5 });
      const to = world.number('12');
      const started = await world.start(project, to);
      const code = await world.codeFor(to, 'messenger');
      const wrong = code === '999999' ? '999998' : '999999';
      const answers = await Promise.all(Array.from({ length: 8 }, () => world.check(project, started.sid, wrong)));
      const accepted = answers.filter((r) => r.status === 200);
      assert.equal(accepted.length, 5);
      assert.deepEqual(accepted.map((r) => r.body.checks_left).sort(), [0, 1, 2, 3, 4]);
      assert.equal(accepted.filter((r) => r.body.status === 'failed').length, 1);
      assert.equal(answers.filter((r) => r.status === 409).length, 3);
      assert.equal(await world.writtenFinishedEvents(started.sid), 1);
    });
  });

  describe('peer outage at finish', () => {
    it('the messenger service down when the code is approved: the timer settles later, one event, cost = ledger', async () => {
      const project = await world.project({ fallback_wait_seconds: 600, expiry_minutes: 60 });
      const to = world.number('91');
      const started = await world.start(project, to);
      const code = await world.codeFor(to, 'messenger');

      await world.platform.services.get('messenger')!.stop();
      try {
        const approved = await world.check(project, started.sid, code);
        assert.equal(approved.status, 200, approved.text);
        assert.equal(approved.body.valid, true);
        assert.equal(approved.body.status, 'approved');
        // Settlement needs the messenger (it asks the provider about the send there): not yet done.
        assert.equal(await world.writtenFinishedEvents(started.sid, { settled: false }), 0);
      } finally {
        await world.platform.restart('messenger');
      }

      // Nobody reads it: the timer retries the settlement once the messenger is back.
      const events = await eventually(
        async () => world.finishedEvents(started.sid),
        (e) => e.length >= 1,
        {
          what: 'the event',
          timeoutMs: 20000,
        },
      );
      // Approved with a code only the messenger carried (no SMS was sent): the user read it, so
      // the send counts as delivered and keeps its charge, whatever the provider reported.
      assert.deepEqual(
        events.map((e) => [e.type, e.data.cost]),
        [['verification.approved', '0.04']],
      );
      assert.equal(await world.writtenFinishedEvents(started.sid), 1);
      const settled = await world.get(project, started.sid);
      assert.deepEqual([settled.attempts[0]!.status, settled.attempts[0]!.cost], ['delivered', '0.02']);
      assert.equal(settled.cost, '0.04', 'approved: the fee and the messenger send that carried the code stay');
      await world.assertCostMatchesLedger(project, settled);
    });
  });

  describe('starting', () => {
    it('the SMS channel: the code goes by SMS from the sender ID, no fallback', async () => {
      const project = await world.project({
        channel: 'sms',
        sms_text: 'Acme code: {code}. Do not share it.',
        code_length: 8,
      });
      const to = world.number('12');
      const started = await world.start(project, to);
      assert.equal(started.channel, 'sms');
      assert.equal(started.fallback_reason, null);
      assert.deepEqual(
        started.attempts.map((a) => [a.channel, a.status]),
        [['sms', 'queued']],
      );
      const code = await world.codeFor(to, 'sms');
      assert.match(code, /^\d{8}$/);
      const approved = await world.check(project, started.sid, code);
      assert.equal(approved.body.status, 'approved');
      const settled = await world.until(project, started.sid, (v) => v.attempts[0]?.status === 'sent', 'SMS accepted');
      assert.equal(cents(settled.cost), 2 + 5);
      await world.assertCostMatchesLedger(project, settled);
    });

    it('Verify turned off: 403 VERIFY_DISABLED, nothing charged', async () => {
      const project = await world.project({ enabled: false });
      const before = await world.balanceCents(project);
      const response = await project.api.post<ErrorBody>('/verifications', { to: world.number('12') });
      assert.equal(response.status, 403);
      assert.equal(response.body.error.code, 'VERIFY_DISABLED');
      assert.equal(await world.balanceCents(project), before);
    });

    it('no approved sender ID while SMS fallback is on: 422 SENDER_ID_REQUIRED; fallback off needs none', async () => {
      const project = await world.platform.newProject();
      const refused = await project.api.post<ErrorBody>('/verifications', { to: world.number('12') });
      assert.equal(refused.status, 422);
      assert.equal(refused.body.error.code, 'SENDER_ID_REQUIRED');
      const patched = await world.platform.admin.patch(`/projects/${project.id}/settings/verify`, {
        sms_fallback: false,
      });
      assert.equal(patched.status, 200, patched.text);
      assert.equal((await project.api.post('/verifications', { to: world.number('12') })).status, 201);
    });

    it('a destination without a price: 422 DESTINATION_NOT_PRICED from the SMS quote or from Billing, nothing charged', async () => {
      const project = await world.project();
      const before = await world.balanceCents(project);
      const japan = '+819012345678'; // the rate card has no JP rates
      // SMS fallback on: the SMS service's quote answers (it relays Billing's).
      const viaSms = await project.api.post<ErrorBody>('/verifications', { to: japan });
      assert.equal(viaSms.status, 422, viaSms.text);
      assert.equal(viaSms.body.error.code, 'DESTINATION_NOT_PRICED');
      // No SMS possible: verify asks Billing itself.
      const patched = await world.platform.admin.patch(`/projects/${project.id}/settings/verify`, {
        sms_fallback: false,
      });
      assert.equal(patched.status, 200, patched.text);
      const viaBilling = await project.api.post<ErrorBody>('/verifications', { to: japan });
      assert.equal(viaBilling.status, 422, viaBilling.text);
      assert.equal(viaBilling.body.error.code, 'DESTINATION_NOT_PRICED');
      assert.equal(await world.balanceCents(project), before);
    });

    it('a balance below fee + first send: 402 INSUFFICIENT_BALANCE and no money moved', async () => {
      const project = await world.project();
      // 1.00 trial credit - 0.97 = 0.03, below the 0.02 fee + 0.02 messenger send.
      await billing.Charge({
        project_id: project.id,
        amount_cents: 97,
        idempotency_key: `${project.id}:drain`,
        reference: 'test-drain',
      });
      const refused = await project.api.post<ErrorBody>('/verifications', { to: world.number('12') });
      assert.equal(refused.status, 402);
      assert.equal(refused.body.error.code, 'INSUFFICIENT_BALANCE');
      assert.equal(await world.balanceCents(project), 3);
    });

    it('request validation names each bad field', async () => {
      const project = await world.project();
      const bad = await project.api.post<ErrorBody>('/verifications', {
        to: 'call me',
        colour: 'red',
        metadata: { k: [1] },
      });
      assert.equal(bad.status, 422);
      assert.equal(bad.body.error.code, 'INVALID_REQUEST_BODY');
      for (const field of ['to: ', 'colour: ', 'metadata.k: '])
        assert.ok(bad.body.error.message.includes(field), bad.body.error.message);
    });
  });

  describe('reading and checking', () => {
    it('400 INVALID_MESSAGE_SID, 404 for another project, 422 for a bad check body', async () => {
      const owner = await world.project();
      const other = await world.project();
      const started = await world.start(owner, world.number('12'));

      for (const path of ['/verifications/VE123', '/verifications/SM0123456789abcdef01234567']) {
        const response = await owner.api.get<ErrorBody>(path);
        assert.equal(response.status, 400);
        assert.equal(response.body.error.code, 'INVALID_MESSAGE_SID');
      }
      assert.equal(
        (await owner.api.post<ErrorBody>('/verifications/VExyz/check', { code: '1234' })).body.error.code,
        'INVALID_MESSAGE_SID',
      );

      const foreign = await other.api.get<ErrorBody>(`/verifications/${started.sid}`);
      assert.equal(foreign.status, 404);
      assert.equal(foreign.body.error.code, 'VERIFICATION_NOT_FOUND');
      const foreignCheck = await other.api.post<ErrorBody>(`/verifications/${started.sid}/check`, { code: '123456' });
      assert.equal(foreignCheck.status, 404);
      // Upper-case hex is the same sid.
      assert.equal((await owner.api.get(`/verifications/VE${started.sid.slice(2).toUpperCase()}`)).status, 200);

      for (const body of [{ code: '12' }, { code: '123456', extra: true }, {}]) {
        const response = await owner.api.post<ErrorBody>(`/verifications/${started.sid}/check`, body);
        assert.equal(response.status, 422, JSON.stringify(body));
        assert.equal(response.body.error.code, 'INVALID_REQUEST_BODY');
      }
      // None of these spent a check.
      assert.equal((await world.get(owner, started.sid)).checks_left, 5);
    });
  });

  describe('settings', () => {
    it('PATCH validates each field, returns all settings, and the project view shows them', async () => {
      const project = await world.project();
      const bad = await world.platform.admin.patch<ErrorBody>(`/projects/${project.id}/settings/verify`, {
        code_length: 3,
        expiry_minutes: 61,
        max_wrong_codes: 0,
        sms_text: 'no code here',
      });
      assert.equal(bad.status, 422);
      for (const field of ['code_length: ', 'expiry_minutes: ', 'max_wrong_codes: ', 'sms_text: '])
        assert.ok(bad.body.error.message.includes(field), bad.body.error.message);
      const wait = await world.platform.admin.patch<ErrorBody>(`/projects/${project.id}/settings/verify`, {
        expiry_minutes: 1,
        fallback_wait_seconds: 60,
      });
      assert.equal(wait.status, 422);
      assert.match(wait.body.error.message, /fallback_wait_seconds: /);
      const unapproved = await world.platform.admin.patch<ErrorBody>(`/projects/${project.id}/settings/verify`, {
        sender_id: 'Unknown1',
      });
      assert.equal(unapproved.status, 422);
      assert.match(unapproved.body.error.message, /sender_id: /);

      const ok = await world.platform.admin.patch(`/projects/${project.id}/settings/verify`, {
        code_length: 4,
        sender_id: SENDER.toLowerCase(),
      });
      assert.equal(ok.status, 200, ok.text);
      assert.deepEqual(ok.body, {
        enabled: true,
        channel: 'messenger',
        sms_fallback: true,
        switch_on_failure: true,
        fallback_wait_seconds: 60,
        code_length: 4,
        expiry_minutes: 10,
        max_wrong_codes: 5,
        sender_id: SENDER,
        sms_text: 'Your verification code is {code}',
        callback_url: null,
      });
      const view = await world.platform.admin.get<{ settings: { verify: Record<string, unknown> } }>(
        `/projects/${project.id}`,
      );
      assert.equal(view.body.settings.verify.code_length, 4);
    });

    it('a running verification keeps the settings it started with', async () => {
      const project = await world.project({ max_wrong_codes: 5 });
      const to = world.number('12');
      const started: Verification = await world.start(project, to);
      const code = await world.codeFor(to, 'messenger');
      const patched = await world.platform.admin.patch(`/projects/${project.id}/settings/verify`, {
        max_wrong_codes: 1,
      });
      assert.equal(patched.status, 200);
      const wrong = await world.check(project, started.sid, code === '000000' ? '000001' : '000000');
      assert.equal(wrong.body.status, 'pending');
      assert.equal(wrong.body.checks_left, 4);
      // A new verification takes the new setting.
      const next = await world.start(project, world.number('12'));
      assert.equal(next.checks_left, 1);
    });
  });
});
