import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import {
  cents,
  eventually,
  inboxOf,
  ledgerOf,
  type ErrorBody,
  type HttpResponse,
  type Outcome,
  type TestProject,
} from '@otp/test/infra';
import { World } from '../chaos/world.js';

// A key binds the fingerprint of the request that first used it, for as long as anyone keeps the
// key (docs/api/errors.md "Idempotency-Key"): the gateway forgets a key after
// IDEMPOTENCY_RETENTION_HOURS, the owners keep it on their row for RETENTION_DAYS, Billing on its
// record. A reuse with another body is 422 IDEMPOTENCY_KEY_REUSED wherever the key is still
// known; the same body is a replay, marked so, and nothing is sent or charged twice. The gateway's
// forgetting is its retention sweep's delete, done here at once. After the cases, the chaos
// suite's invariants are checked on the project.

interface Resource {
  sid: string;
  status: string;
  cost: string;
}

let world: World;
let project: TestProject;
const outcomes: Outcome[] = [];
let numberSeq = 0;

/** A number no other case uses (never ending 90-97, which the sandbox treats specially). */
function freshNumber(): string {
  numberSeq++;
  return `+447700${String(1500 + numberSeq).padStart(4, '0')}00`;
}

function keyed(key: string): Record<string, string> {
  return { 'idempotency-key': key };
}

function assertError(response: HttpResponse<ErrorBody>, status: number, code: string): void {
  assert.equal(response.status, status, response.text);
  assert.equal(response.body.error.code, code, response.text);
}

/** The gateway's retention sweep, for one key: its record is gone, as 24 h after the request. */
async function gatewayForgets(key: string): Promise<void> {
  const { rowCount } = await world.db.query(
    'DELETE FROM gateway.idempotency_records WHERE project_id = $1 AND key = $2',
    [project.id, key],
  );
  assert.equal(rowCount, 1, `the gateway kept a record of ${key}`);
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await world.db.query<{ n: number }>(sql, params);
  return rows[0]!.n;
}

function record(kind: Outcome['kind'], key: string, to: string, response: HttpResponse<Resource>): void {
  outcomes.push({
    kind,
    key,
    to,
    status: response.status,
    sid: response.body.sid,
    text: response.text,
    tries: 1,
    elapsedMs: 0,
  });
}

const ROUTES = {
  sms: {
    path: '/messages/sms',
    first: (to: string, callback: string) => ({ to, body: 'your parcel is on its way', callback }),
    other: (to: string, callback: string) => ({ to, body: 'your parcel was delivered', callback }),
    rows: (to: string) =>
      count(`SELECT count(*)::int AS n FROM sms.messages WHERE "to" = $1 AND status NOT IN ('accepted', 'discarded')`, [
        to,
      ]),
  },
  messenger: {
    path: '/messages/messenger',
    first: (to: string, callback: string) => ({ to, callback, metadata: { order: '1' } }),
    other: (to: string, callback: string) => ({ to, callback, metadata: { order: '2' } }),
    rows: (to: string) => count('SELECT count(*)::int AS n FROM messenger.codes WHERE "to" = $1', [to]),
  },
  verification: {
    path: '/verifications',
    first: (to: string, callback: string) => ({ to, callback, metadata: { order: '1' } }),
    other: (to: string, callback: string) => ({ to, callback, metadata: { order: '2' } }),
    rows: (to: string) =>
      count(
        `SELECT count(*)::int AS n FROM verify.verifications WHERE to_number = $1 AND status NOT IN ('starting', 'discarded')`,
        [to],
      ),
  },
} as const;

describe('a key binds its request after the gateway forgot it (real platform)', () => {
  beforeAll(async () => {
    world = await World.start({});
    project = await world.project('20.00');
  });
  afterAll(async () => {
    await world?.stop();
  });

  for (const kind of ['sms', 'messenger', 'verification'] as const) {
    it(`${kind}: another body under a forgotten key is 422 REUSED; the same body replays the first, sent once`, async () => {
      const route = ROUTES[kind];
      const to = freshNumber();
      const key = `forgotten-${kind}`;
      const callback = world.receiver.url(`/binding/${kind}`);
      const first = await project.api.post<Resource>(route.path, route.first(to, callback), keyed(key));
      assert.equal(first.status, 201, first.text);
      record(kind, key, to, first);

      await gatewayForgets(key);
      assertError(
        await project.api.post<ErrorBody>(route.path, route.other(to, callback), keyed(key)),
        422,
        'IDEMPOTENCY_KEY_REUSED',
      );
      // The refusal is not kept as the key's answer: the request the key belongs to still replays.
      const again = await project.api.post<Resource>(route.path, route.first(to, callback), keyed(key));
      assert.equal(again.status, 201, again.text);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.equal(again.body.sid, first.body.sid);
      // Kept by the gateway again: its replay is the owner's replay, byte for byte.
      const kept = await project.api.post<Resource>(route.path, route.first(to, callback), keyed(key));
      assert.equal(kept.headers.get('idempotent-replayed'), 'true');
      assert.equal(kept.text, again.text);
      assertError(
        await project.api.post<ErrorBody>(route.path, route.other(to, callback), keyed(key)),
        422,
        'IDEMPOTENCY_KEY_REUSED',
      );
      assert.equal(await route.rows(to), 1, `one ${kind} for ${to}`);
    });
  }

  it('sends the SMS and the messenger code of those keys once', async () => {
    for (const outcome of outcomes.filter((o) => o.kind !== 'verification')) {
      const path = outcome.kind === 'sms' ? `/messages/sms/${outcome.sid}` : `/messages/messenger/${outcome.sid}`;
      await eventually(
        () => project.api.get<Resource>(path),
        (r) => r.body.status !== 'queued' && r.body.status !== 'processing' && r.body.status !== 'sending',
        { what: `${outcome.sid} to leave its first state` },
      );
    }
    const sms = outcomes.find((o) => o.kind === 'sms')!;
    const submits = await world.platform.sandbox.get<{ accepted: number }>(
      `/carrier/submits?to=${encodeURIComponent(sms.to)}`,
    );
    assert.equal(submits.body.accepted, 1, submits.text);
    const code = outcomes.find((o) => o.kind === 'messenger')!;
    assert.equal((await inboxOf(world.platform.sandbox, code.to)).filter((m) => m.channel === 'messenger').length, 1);
  });

  it('admin top-up: the same key with another amount is 422 REUSED and credits nothing', async () => {
    const balance = async () =>
      cents((await world.platform.admin.get<{ balance: string }>(`/projects/${project.id}`)).body.balance);
    const before = await balance();
    const path = `/projects/${project.id}/credits`;
    const first = await world.platform.admin.post<{ balance: string }>(path, { amount: '25.00' }, keyed('invoice-25'));
    assert.equal(first.status, 200, first.text);
    assert.equal(await balance(), before + 2500);

    assertError(
      await world.platform.admin.post<ErrorBody>(path, { amount: '250.00' }, keyed('invoice-25')),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    assert.equal(await balance(), before + 2500, 'the 250.00 was neither credited nor said to be');
    const replay = await world.platform.admin.post<{ balance: string }>(path, { amount: '25.00' }, keyed('invoice-25'));
    assert.equal(replay.status, 200, replay.text);
    assert.equal(await balance(), before + 2500);
  });

  it('a 200-character key works for a top-up and for an SMS, once each', async () => {
    const long = `${'a1._:-'.repeat(33)}zz`;
    assert.equal(long.length, 200);
    const balance = async () =>
      cents((await world.platform.admin.get<{ balance: string }>(`/projects/${project.id}`)).body.balance);
    const before = await balance();
    const creditsOf = async () => (await ledgerOf(world.platform.admin, project.id)).filter((e) => e.kind === 'credit');
    const creditsBefore = (await creditsOf()).length;
    const path = `/projects/${project.id}/credits`;
    for (let round = 0; round < 2; round++) {
      const topUp = await world.platform.admin.post<{ balance: string }>(path, { amount: '1.00' }, keyed(long));
      assert.equal(topUp.status, 200, topUp.text);
      assert.equal(await balance(), before + 100, `top-up ${round + 1}: credited once`);
    }
    assertError(
      await world.platform.admin.post<ErrorBody>(path, { amount: '2.00' }, keyed(long)),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    assert.equal((await creditsOf()).length, creditsBefore + 1, 'one credit entry for the key');

    const to = freshNumber();
    const body = { to, body: 'long key', callback: world.receiver.url('/binding/long') };
    const sent = await project.api.post<Resource>('/messages/sms', body, keyed(long));
    assert.equal(sent.status, 201, sent.text);
    record('sms', long, to, sent);
    const again = await project.api.post<Resource>('/messages/sms', body, keyed(long));
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.body.sid, sent.body.sid);
    await gatewayForgets(long);
    const owners = await project.api.post<Resource>('/messages/sms', body, keyed(long));
    assert.equal(owners.headers.get('idempotent-replayed'), 'true');
    assert.equal(owners.body.sid, sent.body.sid);
    assert.equal(await ROUTES.sms.rows(to), 1);
  });

  it('leaves every invariant of the chaos suite holding', async () => {
    assert.deepEqual(await world.settleAndCheck(project, outcomes), []);
  });
});
