import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { startService, type RunningService, type ServiceName } from '@otp/platform/launcher';
import pg from 'pg';
import {
  checkMoneyInvariants,
  eventually,
  ledgerOf,
  observe,
  startTcpProxy,
  type Outcome,
  type TcpProxy,
  type TestProject,
} from '@otp/test/infra';
import { VerifyWorld, type Verification } from './verify-world.js';

// Consumers whose events carry money or state never give up. The database of
// verify (then of guard) is cut (a TCP proxy between it and Postgres) while an event it must apply
// arrives, for longer than 30 deliveries of that event (the consumers' back-off is shortened here
// to 50 ms, so 30 deliveries take under two seconds): the dead-letter alarm goes off, and once the
// database is back the event is applied. A consumer that stopped after 30 deliveries would lose
// it: an `sms.sent` lost leaves a delivered SMS `queued` and refunds the fee "no channel
// delivered" at expiry; a `verification.finished` lost leaves guard counting a converted number
// as unconverted.

const FAST_REDELIVERY = { CONSUMER_RETRY_MAX_MS: '50', CONSUMER_ALARM_DELIVERIES: '30' };
const ALARM = /still redelivered \(dead-letter alarm\)/;

let world: VerifyWorld;
let db: pg.Pool;
const proxies = new Map<ServiceName, TcpProxy>();
const replaced = new Map<ServiceName, RunningService>();

/** Restarts `name` with its database reached through a proxy of its own. */
async function throughProxy(name: ServiceName, extraEnv: Record<string, string>): Promise<void> {
  const env = { ...world.platform.envOf(name), ...extraEnv };
  const direct = new URL(env.DATABASE_URL!);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  direct.hostname = '127.0.0.1';
  direct.port = String(proxy.port);
  await world.platform.services.get(name)!.stop();
  replaced.set(name, await startService(name, { ...env, DATABASE_URL: direct.toString() }));
  proxies.set(name, proxy);
}

/** Cuts `name`'s database until its log shows the dead-letter alarm, then gives it back. */
async function outageUntilAlarm(name: ServiceName): Promise<void> {
  const service = replaced.get(name)!;
  const before = service.lines.filter((line) => ALARM.test(line)).length;
  await proxies.get(name)!.cut();
  try {
    await eventually(
      async () => service.lines.filter((line) => ALARM.test(line)).length,
      (alarms) => alarms > before,
      { what: `${name}'s dead-letter alarm (30 failed deliveries)`, timeoutMs: 20000 },
    );
  } finally {
    await proxies.get(name)!.restore();
  }
}

async function moneyViolations(project: TestProject, verification: Verification): Promise<string[]> {
  const outcome: Outcome = {
    kind: 'verification',
    key: verification.sid,
    to: verification.to,
    status: 201,
    sid: verification.sid,
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
  return checkMoneyInvariants(observed);
}

describe('event consumers during a database outage (real platform, TCP proxy cut)', () => {
  beforeAll(async () => {
    world = await VerifyWorld.start();
    await throughProxy('verify', FAST_REDELIVERY);
    await throughProxy('guard', FAST_REDELIVERY);
    db = new pg.Pool({ connectionString: world.platform.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    for (const service of replaced.values()) await service.stop();
    for (const proxy of proxies.values()) await proxy.close();
    await db?.end();
    await world?.stop();
  });

  it('verify: an sms.sent that arrives while its database is down is applied once it is back; the fee stays', async () => {
    const project = await world.project({ channel: 'sms', expiry_minutes: 2 });
    const to = world.number('33');
    // The carrier takes the SMS at once and answers 2 s later: `sms.sent` comes during the outage.
    const rules = await world.platform.sandbox.put('/carriers/sandbox/rules', {
      rules: [{ ending: to.slice(-4), answer_after_ms: 2000 }],
    });
    assert.equal(rules.status, 200, rules.text);
    const started = await world.start(project, to);
    assert.deepEqual(
      started.attempts.map((a) => [a.channel, a.status]),
      [['sms', 'queued']],
    );

    await outageUntilAlarm('verify');
    // Applied while the verification is still pending: the event, not a later settlement, did it.
    const sent = await world.until(
      project,
      started.sid,
      (v) => v.status === 'pending' && v.attempts[0]?.status === 'sent',
      'the SMS attempt sent, from the redelivered event',
    );
    assert.equal(sent.attempts.length, 1);

    // At expiry (12 s here) the fee stays: a channel delivered.
    const expired = await eventually(
      () => world.get(project, started.sid),
      (v) => v.status === 'expired',
      {
        what: 'the expiry',
        timeoutMs: 30000,
        intervalMs: 500,
      },
    );
    await world.writtenFinishedEvents(started.sid);
    const settled = await world.get(project, started.sid);
    assert.equal(expired.attempts[0]?.status, 'sent');
    const refunds = (await ledgerOf(world.platform.admin, project.id)).filter(
      (e) => e.reference === started.sid && e.kind === 'refund',
    );
    assert.deepEqual(refunds, [], 'no "no channel delivered" refund of the fee');
    await world.assertCostMatchesLedger(project, settled);
    assert.deepEqual(await moneyViolations(project, settled), []);
  });

  it('guard: a verification.finished that arrives while its database is down is counted once it is back', async () => {
    const project = await world.project({ channel: 'messenger' });
    const to = world.number('34');
    const started = await world.start(project, to);
    const code = await world.codeFor(to, 'messenger');

    const outage = outageUntilAlarm('guard');
    // Approved while guard cannot record it: its finished event waits for guard's database.
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal((await world.check(project, started.sid, code)).body.valid, true);
    await outage;

    await eventually(
      async () =>
        (
          await db.query<{ state: string }>(
            `SELECT state FROM guard.starts WHERE project_id = $1 AND "to" = $2 AND kind = 'verification'`,
            [project.id, to],
          )
        ).rows[0]?.state,
      (state) => state === 'approved',
      { what: "guard's conversion of the approved verification", timeoutMs: 15000 },
    );
  });
});
