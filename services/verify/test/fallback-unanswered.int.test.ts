import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient } from '@otp/platform';
import { loadSmsProto } from '@otp/proto';
import { eventually } from '@otp/test/infra';
import { cents, VerifyWorld } from './verify-world.js';

// The SMS fallback when Sms.Send gives no answer. No answer says nothing about the SMS: it may
// have been queued (and reach the carrier) with the answer lost. So the verification must not move
// on without it: the fallback stays due and is tried again with the same request key, which
// returns that SMS if it exists, and sends it otherwise.

let world: VerifyWorld;

describe('verify: an SMS fallback without an answer from the SMS service', () => {
  beforeAll(async () => {
    world = await VerifyWorld.start();
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('is tried again until answered, then shown as the SMS attempt', async () => {
    const project = await world.project({ fallback_wait_seconds: 10 });
    const to = world.number('91'); // the messenger never delivers: the timeout fallback comes
    const started = await world.start(project, to);
    assert.equal(started.channel, 'messenger');

    const sms = world.platform.services.get('sms')!;
    await sms.stop('SIGKILL');
    const verify = world.platform.services.get('verify')!;
    await eventually(
      async () => verify.lines.filter((line) => line.includes(started.sid)),
      (lines) => lines.some((line) => /timer could not advance|SMS fallback could not be queued/.test(line)),
      { what: 'the fallback tried while the SMS service is away', timeoutMs: 30000 },
    );
    await world.platform.restart('sms', 'SIGKILL');

    const fellBack = await world.until(project, started.sid, (v) => v.channel === 'sms', 'the SMS fallback');
    assert.equal(fellBack.status, 'pending');
    assert.equal(fellBack.fallback_reason, 'timeout');
    assert.deepEqual(
      fellBack.attempts.map((a) => a.channel),
      ['messenger', 'sms'],
    );
    const messengerCode = await world.codeFor(to, 'messenger');
    assert.equal(await world.codeFor(to, 'sms'), messengerCode, 'the fallback re-sends the same code');
  });

  it('a fallback SMS queued while its answer was lost, after the verification ended, is shown as its attempt', async () => {
    const project = await world.project();
    const to = world.number('12');
    const started = await world.start(project, to);
    const code = await world.codeFor(to, 'messenger');
    assert.equal((await world.check(project, started.sid, code)).body.valid, true);
    const approved = await world.until(project, started.sid, (v) => v.status === 'approved', 'approved');
    assert.equal(approved.attempts.length, 1);

    // What the lost fallback left at the SMS service: its send, under the fallback request key.
    const sms = createGrpcClient(loadSmsProto().otp.sms.v1.Sms, `127.0.0.1:${world.platform.ports.sms}`, 10000);
    try {
      await sms.Send({
        project_id: project.id,
        to,
        body: `Your code is ${code}`,
        masked_body: 'Your code is ******',
        metadata_json: JSON.stringify({ verification_sid: started.sid }),
        purpose: 'verify',
        request_key: `${started.sid}:attempt:2`,
      });
    } finally {
      sms.close();
    }

    const shown = await world.until(project, started.sid, (v) => v.attempts.length === 2, 'the late SMS attached');
    assert.equal(shown.status, 'approved');
    assert.deepEqual(
      shown.attempts.map((a) => a.channel),
      ['messenger', 'sms'],
    );
    const settled = await world.until(project, started.sid, (v) => v.attempts[1]!.status === 'sent', 'SMS sent');
    assert.ok(cents(settled.cost) > cents(approved.cost), 'the SMS is in the cost');
    await world.assertCostMatchesLedger(project, settled);
  });
});
