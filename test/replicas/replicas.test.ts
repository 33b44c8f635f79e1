import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { SETTINGS_MAX_AGE_MS } from '@otp/platform';
import { eventually, readResource, runWorkload, seededRandom, type Outcome } from '../infra/index.js';
import { tally, World } from '../chaos/world.js';

// Two processes of every service on one database and one NATS (gRPC peers
// balanced round robin, requests spread over both gateways). The verify and SMS flows pass
// across them, and nothing acts twice: one finished event per verification on the stream and at
// the webhook receiver, one carrier submit per attempt, one charge per sid, cost = ledger.

let world: World;

describe('two replicas of every service', () => {
  beforeAll(async () => {
    world = await World.start({ replicas: 2 });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('runs two processes of each service (sandbox once) and both gateways answer', async () => {
    for (const [name, replicas] of world.platform.replicas) {
      assert.equal(replicas.length, name === 'sandbox' ? 1 : 2, name);
    }
    for (const url of world.platform.publicUrls) {
      assert.equal((await fetch(`${url}/readyz`)).status, 200, url);
    }
  });

  it('verifications (messenger, fallbacks, checks, expiries) and SMS sends under load: every flow ends once', async () => {
    const project = await world.project();
    const outcomes: Outcome[] = await runWorkload({
      api: project.api,
      sandbox: world.platform.sandbox,
      random: seededRandom(17),
      round: 0,
      callback: world.receiver.url('/replicas'),
      workers: 6,
      durationMs: 6000,
      giveUpMs: 30000,
      // Delivered and transiently failing numbers: here every send must end sent.
      smsEndings: ['00', '00', '95'],
    });
    assert.deepEqual(
      outcomes.filter((o) => o.status !== 201).map((o) => `${o.kind} ${o.key}: ${o.status} ${o.text}`),
      [],
      `every request is created (${tally(outcomes)})`,
    );

    const violations = await world.settleAndCheck(project, outcomes);
    assert.deepEqual(violations, [], `${violations.length} violation(s)`);

    // The flows really ran across the replicas: approvals on each channel, fallbacks, SMS sent.
    const final = await Promise.all(outcomes.map((o) => readResource(project.api, o.sid!)));
    const verifications = final.filter((r) => r?.kind === 'verification') as unknown as {
      status: string;
      channel: string;
      fallback_reason: string | null;
    }[];
    assert.ok(
      verifications.some((v) => v.status === 'approved' && v.channel === 'messenger'),
      'approved on messenger',
    );
    assert.ok(
      verifications.some((v) => v.status === 'approved' && v.channel === 'sms' && v.fallback_reason !== null),
      'approved after an SMS fallback',
    );
    assert.ok(
      verifications.some((v) => v.status === 'expired'),
      'expired by the timer',
    );
    const sms = final.filter((r) => r?.kind === 'sms');
    assert.ok(sms.length > 0 && sms.every((r) => r!.status === 'sent'), 'every SMS sent');
  });

  it('a settings change made through one replica is read by every replica within a second', async () => {
    const project = await world.project();
    // A number per start: the fraud limits count starts per number.
    let next = 0;
    const start = () => project.api.post('/verifications', { to: `+1415555${String(2000 + next++)}` });
    // Starts go round robin over both verify replicas: each has read the settings now.
    for (let n = 0; n < 4; n++) assert.equal((await start()).status, 201);
    const patched = await world.platform.admin.patch(`/projects/${project.id}/settings/verify`, { enabled: false });
    assert.equal(patched.status, 200, patched.text);
    // The replica that made the change reads it at once, the other within SETTINGS_MAX_AGE_MS.
    await new Promise((resolve) => setTimeout(resolve, SETTINGS_MAX_AGE_MS + 200));
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await start()).status);
    assert.deepEqual(statuses, [403, 403, 403, 403, 403, 403]);
  });

  // Last: it stops one sms replica (and starts it again) under the suite's shared platform.
  it("the carriers page shows every sms replica's binds, and still answers while one replica is down", async () => {
    interface Fleet {
      carriers: { name: string; health: string; binds: { bound: boolean; replica: string }[] }[];
      replicas: { address: string; answered: boolean; error: string | null }[];
    }
    const smsGrpc = [0, 1].map((n) => `127.0.0.1:${world.platform.envOf('sms', n).GRPC_PORT}`);
    const both = await eventually(
      () => world.platform.admin.get<Fleet>('/carriers'),
      (r) => r.status === 200 && r.body.carriers.every((c) => c.binds.every((b) => b.bound)),
      { what: 'every bind of both sms replicas up' },
    );
    assert.deepEqual(
      both.body.replicas.map((r) => [r.address, r.answered]),
      smsGrpc.map((address) => [address, true]),
    );
    assert.ok(both.body.carriers.length > 0, 'the sandbox carriers are configured');
    for (const carrier of both.body.carriers) {
      assert.equal(carrier.health, 'ready', carrier.name);
      assert.deepEqual([...new Set(carrier.binds.map((b) => b.replica))].sort(), [...smsGrpc].sort(), carrier.name);
    }

    await world.platform.replicas.get('sms')![1]!.stop('SIGTERM');
    try {
      const one = await world.platform.admin.get<Fleet>('/carriers');
      assert.equal(one.status, 200, one.text);
      assert.deepEqual(
        one.body.replicas.map((r) => [r.address, r.answered]),
        [
          [smsGrpc[0], true],
          [smsGrpc[1], false],
        ],
      );
      assert.ok(one.body.replicas[1]!.error, 'the silent replica says why');
      for (const carrier of one.body.carriers) {
        assert.deepEqual(
          carrier.binds.map((b) => b.replica),
          carrier.binds.map(() => smsGrpc[0]),
        );
      }
    } finally {
      await world.platform.restart('sms', 'SIGTERM', 1);
    }
  });
});
