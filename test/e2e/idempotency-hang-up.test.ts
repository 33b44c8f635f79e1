import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import {
  eventually,
  startPrivateNats,
  usePlatformNats,
  type ErrorBody,
  type HttpResponse,
  type Outcome,
  type PrivateNats,
  type TestProject,
} from '@otp/test/infra';
import { World } from '../chaos/world.js';

// A keyed request runs to its end whatever its client does (docs/api/errors.md "Idempotency-Key"):
// a client that hangs up mid-request leaves the key in use (409 IDEMPOTENCY_KEY_IN_USE) until the
// request ends, and no answer is kept before the outcome it describes is final. The fault: the
// suite's own NATS is killed, so the SMS service's publish to the work queue hangs until its
// timeout and then fails (enqueue_failed, hold released); meanwhile the client hangs up and
// retries. Today's `queued` row must never become the key's answer. After the cases, the chaos
// suite's invariants are checked on the project (enqueue_failed messages announce it once).

interface Sms {
  sid: string;
  status: string;
}

/** The publish waits this long for the queue; the gateway's deadline (FAST_ENV) is 3 s. */
const QUEUE_TIMEOUT_MS = 2000;

let nats: PrivateNats;
let restorePlatformNats: () => void;
let world: World;
let project: TestProject;
const outcomes: Outcome[] = [];

function keyed(key: string): Record<string, string> {
  return { 'idempotency-key': key };
}

function assertError(response: HttpResponse<ErrorBody>, status: number, code: string): void {
  assert.equal(response.status, status, response.text);
  assert.equal(response.body.error.code, code, response.text);
}

/** A POST whose client hangs up once `hangUpWhen` holds: the connection is destroyed mid-request. */
async function postAndHangUp(key: string, body: unknown, hangUpWhen: () => Promise<boolean>): Promise<void> {
  const controller = new AbortController();
  const sent = fetch(`${project.api.baseUrl}/messages/sms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${project.key}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
    signal: controller.signal,
  }).catch((error: unknown) => error);
  await eventually(hangUpWhen, (ready) => ready, {
    timeoutMs: 10000,
    intervalMs: 20,
    what: 'the request to be under way',
  });
  controller.abort();
  const outcome = await sent;
  // Long enough for the gateway to see the connection go (it used to free the key then).
  await sleep(300);
  const early = outcome instanceof Response ? `${outcome.status} ${await outcome.text()}` : '';
  assert.ok(!(outcome instanceof Response), `the client hung up before the answer, not after ${early}`);
}

async function statusesTo(to: string): Promise<string[]> {
  const { rows } = await world.db.query<{ status: string }>(
    'SELECT status FROM sms.messages WHERE "to" = $1 ORDER BY created_at',
    [to],
  );
  return rows.map((row) => row.status);
}

/** The message is queued and its publish (to the dead queue) is under way. */
const publishing = (to: string) => async () => (await statusesTo(to)).includes('queued');

/** The gateway's record of `key` no longer runs: its request ended (and was answered, or not kept). */
async function requestEnded(key: string): Promise<boolean> {
  const { rows } = await world.db.query<{ running: boolean }>(
    `SELECT state = 'running' AND locked_until > now() AS running FROM gateway.idempotency_records
      WHERE project_id = $1 AND key = $2`,
    [project.id, key],
  );
  return rows.length > 0 && !rows[0]!.running;
}

describe('a client that hangs up mid-request (real platform, the work queue cut)', () => {
  beforeAll(async () => {
    nats = await startPrivateNats();
    restorePlatformNats = usePlatformNats(nats);
    world = await World.start({ nats, env: { sms: { SMS_QUEUE_TIMEOUT_MS: String(QUEUE_TIMEOUT_MS) } } });
    project = await world.project('20.00');
    // Streams and consumers in place, and one SMS through, before the queue goes.
    const warm = await project.api.post<Sms>('/messages/sms', {
      to: '+447700170100',
      body: 'before the cut',
      callback: world.receiver.url('/hang-up'),
    });
    assert.equal(warm.status, 201, warm.text);
    outcomes.push({
      kind: 'sms',
      key: '',
      to: '+447700170100',
      status: 201,
      sid: warm.body.sid,
      text: warm.text,
      tries: 1,
      elapsedMs: 0,
    });
    await eventually(
      () => project.api.get<Sms>(`/messages/sms/${warm.body.sid}`),
      (r) => r.body.status === 'sent',
      { what: 'the SMS sent before the cut' },
    );
  });
  afterAll(async () => {
    await world?.stop();
    restorePlatformNats?.();
    await nats?.dispose();
  });

  it('keeps the key in use until the request ends; its replay then is not `queued`', async () => {
    const to = '+447700170200';
    const body = { to, body: 'hang up', callback: world.receiver.url('/hang-up') };
    await nats.kill();

    await postAndHangUp('hang-up', body, publishing(to));
    // The first request still runs (its publish waits on the dead queue).
    assertError(
      await project.api.post<ErrorBody>('/messages/sms', body, keyed('hang-up')),
      409,
      'IDEMPOTENCY_KEY_IN_USE',
    );
    assert.deepEqual(await statusesTo(to), ['queued']);

    await eventually(
      () => requestEnded('hang-up'),
      (ended) => ended,
      { timeoutMs: 10000, what: 'the first request to end' },
    );
    assert.deepEqual(await statusesTo(to), ['enqueue_failed'], 'the publish failed: not queued, hold released');
    // The outcome was "not queued, nothing charged": the 503 was not kept, so the retry runs again,
    // and with the queue still down says so again.
    assertError(await project.api.post<ErrorBody>('/messages/sms', body, keyed('hang-up')), 503, 'QUEUE_UNAVAILABLE');

    await nats.restart();
    const sent = await eventually(
      () => project.api.post<Sms & ErrorBody>('/messages/sms', body, keyed('hang-up')),
      (r) => r.status !== 503,
      { timeoutMs: 15000, what: 'a retry once the queue is back' },
    );
    assert.equal(sent.status, 201, sent.text);
    outcomes.push({
      kind: 'sms',
      key: 'hang-up',
      to,
      status: 201,
      sid: sent.body.sid,
      text: sent.text,
      tries: 1,
      elapsedMs: 0,
    });
    const replay = await project.api.post<Sms>('/messages/sms', body, keyed('hang-up'));
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.body.sid, sent.body.sid);
    await eventually(
      () => project.api.get<Sms>(`/messages/sms/${sent.body.sid}`),
      (r) => r.body.status === 'sent',
      { what: 'the SMS the key finally sent' },
    );
    const submits = await world.platform.sandbox.get<{ accepted: number }>(
      `/carrier/submits?to=${encodeURIComponent(to)}`,
    );
    assert.equal(submits.body.accepted, 1, 'sent once');
  });

  it('after the gateway lost its lease, the owner does not answer a publish still running as `queued`', async () => {
    const to = '+447700170300';
    const body = { to, body: 'lease lost', callback: world.receiver.url('/hang-up') };
    await nats.kill();

    await postAndHangUp('lease-lost', body, publishing(to));
    // The gateway that held the lease is gone (as after its crash): the lease has run out.
    await world.db.query(
      'UPDATE gateway.idempotency_records SET locked_until = now() WHERE project_id = $1 AND key = $2',
      [project.id, 'lease-lost'],
    );
    const retry = await project.api.post<Sms & ErrorBody>('/messages/sms', body, keyed('lease-lost'));
    assert.notEqual(retry.body.status, 'queued', `the publish was still running: ${retry.text}`);
    assertError(retry, 503, 'QUEUE_UNAVAILABLE');

    await eventually(
      () => requestEnded('lease-lost'),
      (ended) => ended,
      { timeoutMs: 10000, what: 'both attempts to end' },
    );
    assert.deepEqual(await statusesTo(to), ['enqueue_failed']);
    await nats.restart();
  });

  it('announces every enqueue_failed SMS by webhook, and leaves every invariant holding', async () => {
    const failed = await world.db.query<{ sid: string }>(
      `SELECT sid FROM sms.messages WHERE project_id = $1 AND status = 'enqueue_failed'`,
      [project.id],
    );
    // The hung-up send, its retry while the queue was down, the lease-lost send (and any retry made
    // before the SMS service had reconnected to the restarted queue).
    assert.ok(failed.rows.length >= 3, `${failed.rows.length} enqueue_failed`);
    for (const { sid } of failed.rows) {
      await eventually(
        async () => world.webhooks().filter((w) => w.sid === sid && w.type === 'sms.failed').length,
        (n) => n === 1,
        { timeoutMs: 20000, what: `the sms.failed webhook of ${sid}` },
      );
    }
    assert.deepEqual(await world.settleAndCheck(project, outcomes), []);
  });
});
