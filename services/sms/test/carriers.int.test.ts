import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { freePort } from '@otp/platform/launcher';
import { eventually, scrapedSum, startTestPlatform, type TestPlatform, type TestProject } from '@otp/test/infra';
import { finalSms, readSms } from './sms-reads.js';

// Several carriers through the public REST API: three simulated SMSCs of the sandbox (alpha, beta,
// gamma) on their own ports, a carriers file with routes over them, the real sms worker.

interface Sms {
  sid: string;
  status: string;
  sms_segments: number;
  cost: string;
  last_error?: string;
  delivery_status: string | null;
  delivered_at: string | null;
  carrier: string | null;
}
interface Part {
  reference?: number;
  total?: number;
  sequence?: number;
  data_coding: number;
  text: string;
  well_formed: boolean;
  status: number;
}
interface CarrierView {
  name: string;
  health: string;
  binds: { bound: boolean; window: number; tps: number; throttles: number }[];
}
interface Hook {
  type: string;
  data: Sms;
}

const THROTTLED = 0x58;
const INVALID_DESTINATION = 0x0b;
const SYSTEM_ERROR = 0x08;

let platform: TestPlatform;
let project: TestProject;
let hookServer: Server;
const hooks: Hook[] = [];
let hookUrl: string;
let metricsPort: number;

const metric = (name: string, labels: Record<string, string>) => scrapedSum(metricsPort, name, labels);

async function send(to: string, body: string, extra: Record<string, unknown> = {}): Promise<Sms> {
  const response = await project.api.post<Sms>('/messages/sms', { to, body, from: 'Carriers', ...extra });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

const read = (sid: string, done: (sms: Sms) => boolean, what: string) => readSms<Sms>(project, sid, done, what);
const final = (sid: string) => finalSms<Sms>(project, sid);

async function parts(carrier: string, to: string): Promise<Part[]> {
  const response = await platform.sandbox.get<{ parts: Part[] }>(
    `/carriers/${carrier}/parts?to=${encodeURIComponent(to)}`,
  );
  assert.equal(response.status, 200, response.text);
  return response.body.parts;
}

/** Parts as the message has them (the carrier may take them in another order). */
function inPartOrder(a: Part, b: Part): number {
  return (a.sequence ?? 1) - (b.sequence ?? 1);
}

async function script(carrier: string, rules: Record<string, unknown>[]): Promise<void> {
  const response = await platform.sandbox.put(`/carriers/${carrier}/rules`, { rules });
  assert.equal(response.status, 200, response.text);
}

async function carrierView(name: string): Promise<CarrierView> {
  const response = await platform.admin.get<{ carriers: CarrierView[] }>('/carriers');
  assert.equal(response.status, 200, response.text);
  const found = response.body.carriers.find((c) => c.name === name);
  assert.ok(found, `carrier ${name} listed`);
  return found;
}

describe('carriers: error classes, throttling, multipart, receipts, routes and failover', () => {
  beforeAll(async () => {
    const [alpha, beta, gamma] = [await freePort(), await freePort(), await freePort()];
    metricsPort = await freePort();
    const file = path.join(tmpdir(), `carriers-${process.pid}.json`);
    const carrier = (name: string, port: number, more: Record<string, unknown> = {}) => ({
      name,
      host: '127.0.0.1',
      port,
      system_id: 'otp',
      password: 'sandbox',
      binds: 2,
      window: 10,
      tps: 500,
      enquire_link_ms: 5000,
      reconnect_ms: 200,
      ...more,
    });
    writeFileSync(
      file,
      JSON.stringify({
        carriers: [
          carrier('alpha', alpha),
          // beta answers in upper-case hex and writes receipts' text in decimal (its declared id formats)
          carrier('beta', beta, { id_format: 'hex', receipt_text_id_format: 'decimal' }),
          carrier('gamma', gamma),
        ],
        routes: [
          // beta is listed first but dearer: alpha, the cheapest, is tried first
          {
            prefix: '4477',
            carriers: [
              { carrier: 'beta', cost: '0.0051' },
              { carrier: 'alpha', cost: '0.0042' },
            ],
          },
          { prefix: '44796', carriers: [{ carrier: 'gamma', cost: '0.004' }] },
          { prefix: '44797', carriers: [{ carrier: 'beta', cost: '0.004' }] },
          { country: 'GB', carriers: [{ carrier: 'alpha', cost: '0.005' }] },
        ],
      }),
    );
    hookServer = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        hooks.push(JSON.parse(body) as Hook);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', () => resolve()));
    hookUrl = `http://127.0.0.1:${(hookServer.address() as { port: number }).port}/hook`;

    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'webhook-dispatcher', 'gateway'],
      env: {
        sandbox: {
          SMPP_CARRIERS: JSON.stringify([
            { name: 'alpha', port: alpha },
            { name: 'beta', port: beta, decimal_receipt_ids: true },
            { name: 'gamma', port: gamma },
          ]),
        },
        sms: {
          METRICS_PORT: String(metricsPort),
          SMS_CARRIERS_FILE: file,
          SMS_RETRY_BASE_MS: '50',
          SMS_THROTTLE_RETRY_MS: '50',
          // Long enough that the slowed bind is still slow when the test reads it.
          SMPP_THROTTLE_RECOVER_MS: '60000',
          SMS_RECEIPT_PASS_MS: '200',
        },
      },
    });
    // Carrier behaviour, not abuse: the cases send to neighbouring numbers of one range in quick
    // succession, which the pumping detector's sequential-number rule rightly blocks by default.
    project = await platform.newProject({ credit: '9.00', abuseLimits: 'off' });
    await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Carriers', site: 'example.com' });
    await platform.admin.post(`/projects/${project.id}/sender-ids/Carriers/approve`);
    for (const name of ['alpha', 'beta', 'gamma']) {
      await eventually(
        () => carrierView(name),
        (c) => c.health === 'ready',
        { what: `${name} bound` },
      );
    }
  });
  afterAll(async () => {
    await platform?.stop();
    hookServer?.close();
  });

  it('a permanent refusal fails the message after one submit, names the status, refunds, and tries no other carrier', async () => {
    const to = '+447700120101';
    await script('alpha', [{ ending: '0101', status: INVALID_DESTINATION }]);
    const sms = await final((await send(to, 'permanent')).sid);
    assert.equal(sms.status, 'failed');
    assert.match(sms.last_error ?? '', /alpha.*0x000b ESME_RINVDSTADR \(permanent\)/);
    assert.equal(sms.cost, '0.00');
    assert.equal(sms.carrier, 'alpha');
    assert.equal((await parts('alpha', to)).length, 1);
    assert.equal((await parts('beta', to)).length, 0);
  });

  it('throttling never fails the message (more throttled tries than its retries); one number does not slow the bind', async () => {
    const to = '+447960120102';
    await script('gamma', [{ ending: '0102', status: THROTTLED, times: 8 }]);
    const sms = await final((await send(to, 'throttled')).sid);
    assert.equal(sms.status, 'sent', sms.last_error);
    assert.equal(sms.carrier, 'gamma');
    const seen = await parts('gamma', to);
    assert.equal(seen.filter((p) => p.status === THROTTLED).length, 8);
    assert.equal(seen.filter((p) => p.status === 0).length, 1);
    const gamma = await carrierView('gamma');
    assert.equal(
      gamma.binds.reduce((sum, b) => sum + b.throttles, 0),
      8,
      JSON.stringify(gamma.binds),
    );
    assert.ok(
      gamma.binds.every((b) => b.window === 10 && b.tps === 500),
      `a number refused on its own backs off alone: ${JSON.stringify(gamma.binds)}`,
    );
  });

  it('the carrier throttling several numbers slows the bind', async () => {
    await script('gamma', [
      { ending: '0111', status: THROTTLED, times: 2 },
      { ending: '0112', status: THROTTLED, times: 2 },
    ]);
    const [first, second] = await Promise.all([send('+447960120111', 'busy 1'), send('+447960120112', 'busy 2')]);
    for (const sms of [first, second]) assert.equal((await final(sms.sid)).status, 'sent');
    const gamma = await carrierView('gamma');
    assert.ok(
      gamma.binds.some((b) => b.window < 10 && b.tps < 500),
      `two numbers refused: the carrier's throttling: ${JSON.stringify(gamma.binds)}`,
    );
  });

  it('a refused part is sent again alone, same reference: the carrier gets exactly the billed parts', async () => {
    const to = '+447700120103';
    await script('alpha', [{ ending: '0103', part: 2, status: SYSTEM_ERROR, times: 1 }]);
    const body = `Parts ${'x'.repeat(400)}`; // 406 plain characters: 3 parts of at most 153
    const queued = await send(to, body);
    assert.equal(queued.sms_segments, 3);
    const sms = await final(queued.sid);
    assert.equal(sms.status, 'sent', sms.last_error);
    const seen = await parts('alpha', to);
    const accepted = seen.filter((p) => p.status === 0).sort(inPartOrder);
    assert.deepEqual(
      accepted.map((p) => p.sequence),
      [1, 2, 3],
    );
    assert.equal(new Set(seen.map((p) => p.reference)).size, 1, 'one concatenation reference on every try');
    assert.equal(seen.length, 4, 'three parts and the refused one again, nothing else');
    assert.equal(accepted.map((p) => p.text).join(''), body);
  });

  it('40 emoji split at pair boundaries: every part is valid UTF-16 on its own', async () => {
    const to = '+447700120104';
    const body = '\u{1F600}'.repeat(40); // 80 UTF-16 units
    const queued = await send(to, body);
    assert.equal(queued.sms_segments, 2);
    assert.equal((await final(queued.sid)).status, 'sent');
    // parts of one message share a bind's window, so the carrier may take them in either order
    const seen = (await parts('alpha', to)).filter((p) => p.status === 0).sort(inPartOrder);
    assert.equal(seen.length, 2);
    for (const part of seen) {
      assert.equal(part.data_coding, 8);
      assert.ok(part.well_formed, `part ${part.sequence} is well-formed UTF-16`);
      assert.ok(part.text.length <= 67);
    }
    assert.deepEqual(
      seen.map((p) => p.text.length),
      [66, 14],
    );
    assert.equal(seen.map((p) => p.text).join(''), body);
  });

  it('receipts set delivery_status and delivered_at and send sms.delivered / sms.undelivered webhooks', async () => {
    await script('alpha', [{ ending: '0105', receipt: 'UNDELIV' }]);
    const undelivered = await send('+447700120105', 'will not arrive', { callback: hookUrl });
    const delivered = await send('+447700120106', 'will arrive', { callback: hookUrl });
    // beta writes receipts in decimal (text only) for ids it gave in upper-case hex
    const decimal = await send('+447970120107', 'decimal receipt', { callback: hookUrl });

    const u = await read(undelivered.sid, (s) => s.delivery_status !== null, 'the UNDELIV receipt');
    assert.equal(u.status, 'sent');
    assert.equal(u.delivery_status, 'undelivered');
    assert.equal(u.delivered_at, null);
    const d = await read(delivered.sid, (s) => s.delivery_status !== null, 'the DELIVRD receipt');
    assert.equal(d.delivery_status, 'delivered');
    assert.ok(d.delivered_at);
    const x = await read(decimal.sid, (s) => s.delivery_status !== null, 'the decimal receipt');
    assert.equal(x.delivery_status, 'delivered');
    assert.equal(x.carrier, 'beta');

    const received = await eventually(
      () => Promise.resolve([...hooks]),
      (list) =>
        list.some((h) => h.type === 'sms.undelivered' && h.data.sid === undelivered.sid) &&
        list.some((h) => h.type === 'sms.delivered' && h.data.sid === delivered.sid),
      { what: 'the receipt webhooks' },
    );
    const hook = received.find((h) => h.type === 'sms.undelivered' && h.data.sid === undelivered.sid)!;
    assert.equal(hook.data.delivery_status, 'undelivered');
    assert.equal(hook.data.status, 'sent');
  });

  it('with the cheapest carrier down messages go through the next one, and come back when it returns', async () => {
    assert.equal((await final((await send('+447700120108', 'before')).sid)).carrier, 'alpha');
    assert.equal((await platform.sandbox.post('/carriers/alpha/down')).status, 200);
    await eventually(
      () => carrierView('alpha'),
      (c) => c.health === 'down',
      { what: 'alpha down' },
    );
    const during = await final((await send('+447700120109', 'during')).sid);
    assert.equal(during.status, 'sent');
    assert.equal(during.carrier, 'beta');

    assert.equal((await platform.sandbox.post('/carriers/alpha/up')).status, 200);
    await eventually(
      () => carrierView('alpha'),
      (c) => c.health === 'ready',
      { what: 'alpha back' },
    );
    const afterwards = await final((await send('+447700120110', 'after')).sid);
    assert.equal(afterwards.carrier, 'alpha');
  });

  it('the metrics count the submits by status, the throttling by scope, the sessions lost, and show the binds', async () => {
    const gamma = { carrier: 'gamma' };
    // The cases above: 8 refusals of one number, then 2 numbers refused twice each.
    assert.equal(
      await metric('sms_carrier_submits_total', { ...gamma, class: 'throttled', command_status: '0x00000058' }),
      12,
    );
    assert.equal((await metric('sms_carrier_throttles_total', { ...gamma, scope: 'destination' })) >= 8, true);
    assert.equal((await metric('sms_carrier_throttles_total', { ...gamma, scope: 'bind' })) >= 1, true);
    assert.equal(await metric('sms_carrier_throttles_total', gamma), 12);
    assert.equal(
      await metric('sms_carrier_submits_total', { carrier: 'alpha', class: 'permanent', command_status: '0x0000000b' }),
      1,
    );
    assert.ok((await metric('sms_carrier_submits_total', { carrier: 'alpha', class: 'accepted' })) > 0);
    // alpha went down and came back: both its binds' sessions ended, and both are bound again.
    assert.ok((await metric('sms_carrier_session_resets_total', { carrier: 'alpha' })) >= 2);
    await eventually(
      () => metric('sms_carrier_binds', { carrier: 'alpha', state: 'bound' }),
      (bound) => bound === 2,
      { what: 'both alpha binds bound on the metrics' },
    );
    assert.equal(await metric('sms_carrier_binds', { carrier: 'alpha', state: 'down' }), 0);
    assert.equal(await metric('sms_carrier_window_limit', { carrier: 'alpha' }), 20);
    assert.equal(await metric('sms_carrier_tps_limit', { carrier: 'alpha' }), 1000);
    assert.ok((await metric('sms_carrier_window_limit', gamma)) < 20, 'the bind gamma slowed is slowed on the metrics');
  });
});
