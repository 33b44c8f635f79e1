import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { startService, type RunningService } from '@otp/platform/launcher';
import pg from 'pg';
import { checkMoneyInvariants, ledgerOf, observe, startTcpProxy, type Outcome, type TcpProxy } from '@otp/test/infra';
import { VerifyWorld } from './verify-world.js';

// The timeout fallback on the owner's word. The messenger's `delivered`
// event is held back past the fallback wait: the messenger's connection to NATS runs through a
// TCP proxy that is cut right after the start, so the messenger knows the code was delivered but
// verify's event-fed view still says `sent`. When the wait runs out, verify must ask the
// messenger (which asks the provider) before sending the SMS: the code was delivered, so no SMS
// goes out, and the user gets the code once and pays once.

let world: VerifyWorld;
let proxy: TcpProxy;
let messenger: RunningService;
let db: pg.Pool;

describe('verify: a late messenger delivery event at the fallback timeout (real platform, bus proxy cut)', () => {
  beforeAll(async () => {
    world = await VerifyWorld.start();
    const env = world.platform.envOf('messenger');
    const bus = new URL(env.NATS_URL!);
    proxy = await startTcpProxy({ host: bus.hostname, port: Number(bus.port || 4222) });
    bus.hostname = '127.0.0.1';
    bus.port = String(proxy.port);
    await world.platform.services.get('messenger')!.stop();
    messenger = await startService('messenger', { ...env, NATS_URL: bus.toString() });
    db = new pg.Pool({ connectionString: world.platform.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await messenger?.stop();
    await proxy?.close();
    await db?.end();
    await world?.stop();
  });

  it('the messenger, asked at the fallback, says delivered: no SMS, one code, paid once', async () => {
    const project = await world.project({ channel: 'messenger', sms_fallback: true, fallback_wait_seconds: 10 });
    const to = world.number('12'); // delivered about 0.3 s after the send
    const started = await world.start(project, to);
    assert.equal(started.channel, 'messenger');
    // From now on the messenger's events (its `delivered` among them) stay in its outbox.
    await proxy.cut();

    // The fallback wait (1 s here) runs out with verify still seeing `sent`: it asks the owner.
    const asked = await world.until(
      project,
      started.sid,
      (v) => v.attempts[0]?.status === 'delivered',
      'the messenger attempt delivered, on the messenger’s word',
    );
    assert.equal(asked.channel, 'messenger', 'no fallback');
    assert.equal(asked.fallback_reason, null);
    assert.deepEqual(
      asked.attempts.map((a) => a.channel),
      ['messenger'],
    );
    // Well past the fallback moment: still no SMS at the carrier or in the inbox.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.deepEqual(await world.codes(to, 'sms'), [], 'no SMS was sent');

    const code = await world.codeFor(to, 'messenger');
    assert.equal((await world.check(project, started.sid, code)).body.valid, true);
    await proxy.restore();
    const approved = await world.until(project, started.sid, (v) => v.status === 'approved', 'approved');
    assert.deepEqual(
      approved.attempts.map((a) => a.channel),
      ['messenger'],
    );
    await world.writtenFinishedEvents(started.sid);
    const settled = await world.get(project, started.sid);
    await world.assertCostMatchesLedger(project, settled);
    assert.equal(settled.cost, '0.04', 'the Verify fee and one messenger code');
    const charges = (await ledgerOf(world.platform.admin, project.id)).filter((e) => e.kind === 'charge');
    assert.equal(charges.length, 2, 'charged once for the fee, once for the code');
    assert.equal((await world.codes(to, 'messenger')).length, 1, 'the user got the code once');

    const outcome: Outcome = {
      kind: 'verification',
      key: started.sid,
      to,
      status: 201,
      sid: started.sid,
      text: '',
      tries: 1,
      elapsedMs: 0,
    };
    const observed = await observe({
      projectId: project.id,
      outcomes: [outcome],
      api: project.api,
      admin: world.platform.admin,
      sandbox: world.platform.sandbox,
      db,
      nats: world.platform.nats,
      webhooks: [],
    });
    assert.deepEqual(checkMoneyInvariants(observed), []);
  });
});
