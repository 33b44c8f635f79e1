import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { startService, type RunningService, type ServiceName } from '@otp/platform/launcher';
import {
  cents,
  eventually,
  ledgerOf,
  netCents,
  startTcpProxy,
  startTestPlatform,
  type TcpProxy,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';

// Postgres taken away from one service (a TCP proxy between it and the real server is cut, as a
// partition or a database restart would): the client gets 503 with Retry-After, never a 500, no
// process dies of the dropped connections, and once Postgres is back the same Idempotency-Key
// sends the message once and charges it once.

interface Sent {
  sid: string;
  cost: string;
}
interface ErrorBody {
  error: { code: string; message: string };
}

let platform: TestPlatform;
let project: TestProject;
const proxies = new Map<ServiceName, TcpProxy>();
const replaced: RunningService[] = [];

/** Restarts `name` with its database reached through a proxy of its own. */
async function throughProxy(name: ServiceName): Promise<TcpProxy> {
  const env = platform.envOf(name);
  // The part's own URL (its database role), through the proxy.
  const direct = new URL(env.DATABASE_URL!);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(env.DATABASE_URL!);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  await platform.services.get(name)!.stop();
  replaced.push(await startService(name, { ...env, DATABASE_URL: proxied.toString() }));
  proxies.set(name, proxy);
  return proxy;
}

async function inbox(to: string): Promise<unknown[]> {
  const response = await platform.sandbox.get<{ messages: unknown[] }>(`/inbox?to=${encodeURIComponent(to)}`);
  return response.body.messages;
}

/** Refused while `proxy` is cut; once restored, the same key sends one message charged once. */
async function outageThenRetry(proxy: TcpProxy, to: string, key: string): Promise<void> {
  const body = { to, body: 'sent after the outage', from: 'Outage' };
  await proxy.cut();
  const refused = await project.api.post<ErrorBody>('/messages/sms', body, { 'idempotency-key': key });
  assert.equal(refused.status, 503, refused.text);
  assert.equal(refused.body.error.code, 'SERVICE_UNAVAILABLE');
  assert.ok(Number(refused.headers.get('retry-after')) >= 1, 'Retry-After says when');
  assert.doesNotMatch(refused.text, /stack|at \w+ \(/, 'no internals in the answer');

  await proxy.restore();
  const sent = await eventually(
    () => project.api.post<Sent>('/messages/sms', body, { 'idempotency-key': key }),
    (response) => response.status === 201 || (response.status !== 503 && response.status !== 409),
    { timeoutMs: 30000, what: `the retry of ${key} once Postgres is back` },
  );
  assert.equal(sent.status, 201, sent.text);
  await eventually(
    () => inbox(to),
    (messages) => messages.length >= 1,
    { what: `the SMS to ${to}` },
  );
  const entries = await eventually(
    () => ledgerOf(platform.admin, project.id),
    (all) => netCents(all, [sent.body.sid]) === -cents(sent.body.cost),
    { timeoutMs: 30000, what: `${sent.body.sid} charged its cost` },
  );
  assert.equal(netCents(entries, [sent.body.sid]), -cents(sent.body.cost));
  assert.equal((await inbox(to)).length, 1, 'sent once');
}

describe('Postgres unreachable from a service (real platform, TCP proxy cut)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({ only: ['sandbox', 'billing', 'sms', 'gateway'] });
    project = await platform.newProject({ credit: '10.00' });
    await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Outage', site: 'example.com' });
    await platform.admin.post(`/projects/${project.id}/sender-ids/Outage/approve`);
    await throughProxy('sms');
    await throughProxy('gateway');
  });
  afterAll(async () => {
    for (const service of replaced) await service.stop();
    for (const proxy of proxies.values()) await proxy.close();
    await platform?.stop();
  });

  it("the SMS service's database: 503 with Retry-After, then the same key sends once, charged once", async () => {
    await outageThenRetry(proxies.get('sms')!, '+447700155501', 'outage-sms-db');
  });

  it("the gateway's own database: 503 with Retry-After, then the same key sends once, charged once", async () => {
    await outageThenRetry(proxies.get('gateway')!, '+447700155502', 'outage-gateway-db');
  });

  it('no service died of its dropped connections', () => {
    for (const service of replaced) assert.equal(service.process.exitCode, null, `${service.name} is running`);
  });
});
