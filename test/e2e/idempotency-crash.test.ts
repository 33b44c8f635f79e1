import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type { ServiceName } from '@otp/platform/launcher';
import {
  cents,
  eventually,
  ledgerOf,
  netCents,
  startTestPlatform,
  type HttpResponse,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';
import pg from 'pg';

// A client that retries with the same Idempotency-Key after any error or
// timeout, even across a crash of the service doing the work, ends with exactly one resource,
// charged once, and learns its sid. Each case SIGKILLs a service while keyed requests are in
// flight, restarts it, and retries every key until 201.

const IN_FLIGHT = 20;

let platform: TestPlatform;
let project: TestProject;
let db: pg.Client;

interface Resource {
  sid: string;
  cost: string;
  attempts?: { sid: string }[];
}

interface Route {
  path: string;
  body: (to: string) => Record<string, unknown>;
  /** The owner's table and its number column, to count what exists for a number. */
  table: string;
  column: string;
  /** Only what the public API created (verify's own sends share the tables). */
  direct: boolean;
  /**
   * Internal rows the API never shows: an intent discarded by the recovery pass before it was sent,
   * or a send that ended in an error answer (its caller never got the sid; the retry sends afresh).
   */
  internal: string[];
  /** Where the resource is read back (its cost). */
  read: (sid: string) => string;
}

const ROUTES = {
  sms: {
    path: '/messages/sms',
    body: (to: string) => ({ to, body: 'crash test' }),
    table: 'sms.messages',
    column: '"to"',
    direct: true,
    internal: ['discarded'],
    read: (sid: string) => `/messages/sms/${sid}`,
  },
  verification: {
    path: '/verifications',
    body: (to: string) => ({ to }),
    table: 'verify.verifications',
    column: 'to_number',
    direct: false,
    internal: ['discarded'],
    read: (sid: string) => `/verifications/${sid}`,
  },
  messenger: {
    path: '/messages/messenger',
    body: (to: string) => ({ to }),
    table: 'messenger.codes',
    column: '"to"',
    direct: true,
    internal: ['discarded'],
    read: (sid: string) => `/messages/messenger/${sid}`,
  },
} satisfies Record<string, Route>;

// +44 7700 0000 00 to +44 7700 1999 00 are valid mobile numbers; none ends in 90-97.
const number = (offset: number, i: number) => `+447700${String(offset + i).padStart(4, '0')}00`;

function post(route: Route, to: string, key: string): Promise<HttpResponse<Resource>> {
  return project.api.post<Resource>(route.path, route.body(to), { 'idempotency-key': key });
}

/** Retries like a careful client: same key, same body, until the answer is final. */
async function retryUntilCreated(route: Route, to: string, key: string): Promise<HttpResponse<Resource>> {
  const deadline = Date.now() + 90000;
  for (;;) {
    const response = await post(route, to, key).catch(() => undefined);
    if (response && response.status !== 409 && response.status !== 503) return response;
    if (Date.now() > deadline) throw new Error(`${key}: no final answer; last ${response?.status} ${response?.text}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The rows for a number: those the API shows, and the internal ones (an intent the recovery pass
 * discarded because its request was not retried in time, or a send that answered an error, say
 * when its caller's deadline ran out on a loaded machine; the retry then started afresh).
 */
async function existing(route: Route, to: string): Promise<{ shown: string[]; internal: string[] }> {
  const { rows } = await db.query<{ sid: string; status: string }>(
    `SELECT sid, status FROM ${route.table} WHERE project_id = $1 AND ${route.column} = $2` +
      (route.direct ? ` AND purpose = 'direct'` : ''),
    [project.id, to],
  );
  return {
    shown: rows.filter((row) => !route.internal.includes(row.status)).map((row) => row.sid),
    internal: rows.filter((row) => route.internal.includes(row.status)).map((row) => row.sid),
  };
}

/**
 * Keyed requests in flight, `victim` SIGKILLed among them, restarted, every key retried: exactly
 * one resource per key, the one the retry names, charged its cost once.
 */
async function crashAndRetry(victim: ServiceName, route: Route, offset: number): Promise<void> {
  // A fast owner may answer a whole batch before the kill lands: then the round proves nothing
  // about a crash, and another batch (fresh keys and numbers) goes out, up to three times.
  for (let round = 0; round < 3; round++) {
    if (await crashRound(victim, route, offset + round * IN_FLIGHT)) return;
  }
  assert.fail(`the ${victim} kill never interrupted a request in three rounds`);
}

/** One round; false when the crash interrupted no request (nothing was retried). */
async function crashRound(victim: ServiceName, route: Route, offset: number): Promise<boolean> {
  const keys = Array.from({ length: IN_FLIGHT }, (_, i) => ({
    to: number(offset, i),
    key: `${victim}-${offset}-${i}`,
  }));
  const inFlight = keys.map(({ to, key }) => post(route, to, key).catch((error: Error) => error));
  // Killed once the first answer is back: the others are somewhere between edge and owner.
  await Promise.race(inFlight);
  await platform.services.get(victim)!.stop('SIGKILL');
  const first = await Promise.all(inFlight);
  const interrupted = first.filter((answer) => answer instanceof Error || answer.status !== 201).length;
  await platform.restart(victim);
  if (interrupted === 0) return false;

  const finals = [];
  for (const [i, { to, key }] of keys.entries()) {
    const answer = await retryUntilCreated(route, to, key);
    assert.equal(answer.status, 201, `${key}: ${answer.text}`);
    const earlier = first[i];
    if (!(earlier instanceof Error) && earlier?.status === 201) {
      assert.equal(answer.body.sid, earlier.body.sid, `${key}: the retry names the sid the first answer gave`);
    }
    finals.push({ to, key, sid: answer.body.sid });
  }
  const discarded: string[] = [];
  for (const { to, key, sid } of finals) {
    const rows = await existing(route, to);
    assert.deepEqual(rows.shown, [sid], `${key}: exactly one resource, the one the retry named`);
    discarded.push(...rows.internal);
  }
  // A discarded intent moved no money once settled: its hold (if one was taken) was released.
  await eventually(
    async () => netCents(await ledgerOf(platform.admin, project.id), discarded),
    (net) => net === 0,
    { timeoutMs: 45000, what: `discarded intents ${discarded.join(', ')} keep no money` },
  );
  // Charged once: per resource, the ledger nets to the cost the API shows (holds settled).
  for (const { key, sid } of finals) {
    await eventually(
      async () => {
        const shown = await project.api.get<Resource>(route.read(sid));
        const references = [sid, ...(shown.body.attempts ?? []).map((a) => a.sid)];
        return { cost: cents(shown.body.cost), net: netCents(await ledgerOf(platform.admin, project.id), references) };
      },
      ({ cost, net }) => net === -cost,
      { timeoutMs: 45000, what: `${key}: charged its cost once` },
    );
  }
  return true;
}

describe('retry with the same Idempotency-Key across a crash (real platform, SIGKILL)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'messenger', 'verify', 'gateway'],
      env: {
        // A shorter deadline makes the gateway's lease (deadline + margin) run out sooner.
        // (Not below the default: under a loaded CI machine a start must still fit in it.)
        gateway: { GRPC_DEADLINE_MS: '5000' },
        sms: { SMS_RETRY_BASE_MS: '50', RECOVERY_INTERVAL_MS: '500', RECOVERY_AFTER_MS: '5000' },
        verify: { RECOVERY_INTERVAL_MS: '500', RECOVERY_AFTER_MS: '5000' },
        messenger: { RECOVERY_INTERVAL_MS: '500', RECOVERY_AFTER_MS: '5000' },
      },
    });
    project = await platform.newProject({ credit: '50.00' });
    await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Crash', site: 'example.com' });
    await platform.admin.post(`/projects/${project.id}/sender-ids/Crash/approve`);
    await platform.admin.patch(`/projects/${project.id}/settings/sms`, { default_sender_id: 'Crash' });
    db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await platform?.stop();
  });

  it('SMS send: sms killed mid-request, every key ends with one message charged once', async () => {
    await crashAndRetry('sms', ROUTES.sms, 0);
  });

  it('verification start: verify killed mid-request, every key ends with one verification charged once', async () => {
    await crashAndRetry('verify', ROUTES.verification, 100);
  });

  it('messenger send: messenger killed mid-request, every key ends with one code charged once', async () => {
    await crashAndRetry('messenger', ROUTES.messenger, 200);
  });

  it('gateway killed mid-request: the retry takes the lease over and finds the same resource', async () => {
    await crashAndRetry('gateway', ROUTES.sms, 300);
    await crashAndRetry('gateway', ROUTES.verification, 400);
  });
});
