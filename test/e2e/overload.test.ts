import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import {
  cents,
  eventually,
  ledgerOf,
  startTestPlatform,
  type HttpResponse,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';
import pg from 'pg';

// Overload is refused before work starts, never after. Ten times what the
// gateway admits at once arrives together; every 503 must have moved no money and sent nothing.

const REQUESTS_PER_KIND = 400;
const CREDIT_CENTS = 100_00;
const TRIAL_CENTS = 1_00;

let platform: TestPlatform;
let project: TestProject;
let db: pg.Client;

interface Resource {
  sid: string;
  cost: string;
}

interface Outcome {
  kind: 'verification' | 'sms';
  to: string;
  response: HttpResponse<Resource>;
}

// +44 7700 0000 00 to +44 7700 1999 00 are valid mobile numbers (2xxx is not); none ends in 90-97.
const number = (offset: number, i: number) => `+447700${String(offset + i).padStart(4, '0')}00`;

async function sids(sql: string): Promise<Map<string, string>> {
  const { rows } = await db.query<{ sid: string; to: string }>(sql, [project.id]);
  return new Map(rows.map((row) => [row.to, row.sid]));
}

describe('overload (gateway admits 4 at a time, queue 100 ms; real platform)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'messenger', 'verify', 'gateway'],
      env: { gateway: { MAX_IN_FLIGHT: '4', ADMISSION_QUEUE_MS: '100' } },
    });
    project = await platform.newProject({ credit: '100.00' });
    await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Load', site: 'example.com' });
    await platform.admin.post(`/projects/${project.id}/sender-ids/Load/approve`);
    await platform.admin.patch(`/projects/${project.id}/settings/sms`, { default_sender_id: 'Load' });
    db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await platform?.stop();
  });

  it('answers 503 + Retry-After before any work; what was refused moved no money and sent nothing', async () => {
    const requests: Promise<Outcome>[] = [];
    for (let i = 0; i < REQUESTS_PER_KIND; i++) {
      const verificationTo = number(0, i);
      requests.push(
        project.api
          .post<Resource>('/verifications', { to: verificationTo, metadata: { n: `v${i}` } })
          .then((response) => ({ kind: 'verification', to: verificationTo, response })),
      );
      const smsTo = number(1000, i);
      requests.push(
        project.api
          .post<Resource>('/messages/sms', { to: smsTo, body: `load ${i}`, metadata: { n: `s${i}` } })
          .then((response) => ({ kind: 'sms', to: smsTo, response })),
      );
    }
    const outcomes = await Promise.all(requests);

    assert.deepEqual(
      outcomes.filter((o) => o.response.status !== 201 && o.response.status !== 503).map((o) => o.response.text),
      [],
      'only 201 (done) and 503 (refused) answers',
    );
    const refused = outcomes.filter((o) => o.response.status === 503);
    const created = outcomes.filter((o) => o.response.status === 201);
    assert.ok(refused.length > 0, 'the load was over capacity');
    assert.ok(created.length > 0, 'some work was admitted');
    for (const o of refused) {
      const retryAfter = Number(o.response.headers.get('retry-after'));
      assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1, `Retry-After on a 503: ${o.response.text}`);
    }

    // Let every admitted SMS reach its final state (the worker charges when it submits).
    await eventually(
      async () =>
        (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM sms.messages WHERE project_id = $1 AND status IN ('queued', 'processing')`,
            [project.id],
          )
        ).rows[0]!.n,
      (n) => n === 0,
      { timeoutMs: 60000, what: 'every SMS processed' },
    );

    // What the API can show (intents and discarded intents are internal rows, never resources).
    const verifications = await sids(
      `SELECT sid, to_number AS to FROM verify.verifications WHERE project_id = $1 AND status NOT IN ('starting', 'discarded')`,
    );
    const direct = await sids(
      `SELECT sid, "to" FROM sms.messages WHERE project_id = $1 AND purpose = 'direct' AND status NOT IN ('accepted', 'discarded')`,
    );
    const anySms = await sids(
      `SELECT sid, "to" FROM sms.messages WHERE project_id = $1 AND status NOT IN ('accepted', 'discarded')`,
    );
    const codes = await sids('SELECT sid, "to" FROM messenger.codes WHERE project_id = $1');
    for (const o of refused) {
      assert.ok(
        !verifications.has(o.to) && !anySms.has(o.to) && !codes.has(o.to),
        `a refused request left work: ${o.to}`,
      );
    }
    for (const o of created) {
      const existing = o.kind === 'verification' ? verifications : direct;
      assert.equal(existing.get(o.to), o.response.body.sid, `the ${o.kind} answered 201 exists`);
    }
    assert.equal(verifications.size + direct.size, created.length, 'nothing exists but what was answered 201');

    // Money: the ledger references only what exists, and the balance is credit minus its costs.
    const known = new Set([...verifications.values(), ...anySms.values(), ...codes.values()]);
    const entries = await ledgerOf(platform.admin, project.id);
    const strays = entries.filter((e) => e.kind !== 'credit' && !known.has(e.reference));
    assert.deepEqual(strays, [], 'money moved only for work that exists');
    // Read back one at a time: this gateway admits only a few requests at once, and the check
    // must not be refused by the very admission control it is checking.
    const costs: number[] = [];
    for (const o of created) {
      const path =
        o.kind === 'verification' ? `/verifications/${o.response.body.sid}` : `/messages/sms/${o.response.body.sid}`;
      const shown = await project.api.get<Resource>(path);
      assert.equal(shown.status, 200, shown.text);
      costs.push(cents(shown.body.cost));
    }
    const spent = costs.reduce((sum, c) => sum + c, 0);
    const balance = await eventually(
      async () => cents((await project.api.get<{ balance: string }>('/project')).body.balance),
      (b) => b === TRIAL_CENTS + CREDIT_CENTS - spent,
      { timeoutMs: 30000, what: 'balance = credit - costs' },
    );
    assert.equal(balance, TRIAL_CENTS + CREDIT_CENTS - spent);
  });
});
