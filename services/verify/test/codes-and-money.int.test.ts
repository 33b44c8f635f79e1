import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import pg from 'pg';
import { connectObserver, eventually } from '@otp/test/infra';
import { cents, VerifyWorld, type Verification } from './verify-world.js';

// A verification's code after it was handed over, and the money of its sends as the providers bill
// them, end to end (gateway, verify, sms, messenger, billing, sandbox; real Postgres and NATS):
// - the SMS that carries a code shows it masked (API, EVENTS stream: the webhook body is the
//   event), and once final no column of any schema holds the code;
// - Verify's hold is what the SMS service then charges (one segment rule, in the SMS service);
// - an approval only the messenger can have carried keeps the messenger charge, and the provider
//   is asked before any refund.

const SMS_PRICE = 5; // Vodafone UK, per segment
const FEE = 2;
const MESSENGER = 2;

interface SmsResource {
  sid: string;
  status: string;
  body: string;
  sms_segments: number;
  cost: string;
}

interface LedgerEntry {
  kind: string;
  amount: string;
  reference: string;
}

interface ProviderUsage {
  calls: Record<string, number>;
  charged_cents: number;
}

let world: VerifyWorld;
let db: pg.Pool;

/** `code` as a token of its own: not part of a longer run of letters or digits (a phone number, a hex id). */
function tokenPattern(code: string): string {
  return `(^|[^0-9A-Za-z])${code}([^0-9A-Za-z]|$)`;
}

/** Every row of every schema of the test database whose text, json or bytes contain `code` as a token. */
async function rowsHolding(code: string): Promise<string[]> {
  const columns = await db.query<{ schema: string; table: string; column: string; type: string }>(
    `SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column, c.udt_name AS type
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE t.table_type = 'BASE TABLE'
        AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
        AND c.udt_name IN ('text', 'varchar', 'bpchar', 'json', 'jsonb', '_text', '_varchar', 'bytea')`,
  );
  assert.ok(columns.rows.length > 20, 'the search covers the tables of every service');
  const found: string[] = [];
  for (const { schema, table, column, type } of columns.rows) {
    const value = type === 'bytea' ? `encode("${column}", 'escape')` : `"${column}"::text`;
    const hits = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${schema}"."${table}" WHERE ${value} ~ $1`,
      [tokenPattern(code)],
    );
    if (hits.rows[0]!.n > 0) found.push(`${schema}.${table}.${column}`);
  }
  return found;
}

/** The raw payloads of every message still in a JetStream stream. */
async function streamPayloads(stream: string): Promise<string[]> {
  const nc = await connectObserver();
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(stream);
    const payloads: string[] = [];
    for (let seq = info.state.first_seq; info.state.messages > 0 && seq <= info.state.last_seq; seq += 1) {
      const message = await jsm.streams.getMessage(stream, { seq }).catch(() => undefined);
      if (message) payloads.push(new TextDecoder().decode(message.data));
    }
    return payloads;
  } finally {
    await nc.close();
  }
}

async function ledger(projectId: string): Promise<LedgerEntry[]> {
  const response = await world.platform.admin.get<{ entries: LedgerEntry[] }>(
    `/projects/${projectId}/ledger?limit=500`,
  );
  assert.equal(response.status, 200, response.text);
  return response.body.entries;
}

async function providerUsage(to: string): Promise<ProviderUsage> {
  return (await world.platform.sandbox.get<ProviderUsage>(`/messenger-api-usage?to=${encodeURIComponent(to)}`)).body;
}

async function settled(project: Parameters<VerifyWorld['get']>[0], sid: string): Promise<Verification> {
  await eventually(
    async () => world.finishedEvents(sid),
    (events) => events.length > 0,
    { what: `the finished event of ${sid}` },
  );
  return world.get(project, sid);
}

describe('codes after hand-over, and the money of sends', () => {
  beforeAll(async () => {
    world = await VerifyWorld.start();
    db = new pg.Pool({ connectionString: world.platform.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await db?.end();
    await world?.stop();
  });

  it('the verification SMS shows its code masked, and once final no table, event or queue holds the code', async () => {
    const project = await world.project({ channel: 'sms', code_length: 8 });
    const to = world.number('12');
    const started = await world.start(project, to);
    const smsSid = started.attempts[0]!.sid;
    const code = await world.codeFor(to, 'sms');
    assert.match(code, /^\d{8}$/, 'the phone got the real code');

    const shown = await project.api.get<SmsResource>(`/messages/sms/${smsSid}`);
    assert.equal(shown.status, 200, shown.text);
    assert.equal(shown.body.body, 'Your verification code is ********');

    const sent = await eventually(
      async () => (await project.api.get<SmsResource>(`/messages/sms/${smsSid}`)).body,
      (sms) => sms.status === 'sent',
      { what: 'the SMS accepted by the carrier' },
    );
    assert.equal(sent.body, 'Your verification code is ********');

    const approved = await world.check(project, started.sid, code);
    assert.equal(approved.body.status, 'approved', approved.text);
    await settled(project, started.sid);

    // The sms.sent event (the webhook body is the event, byte for byte) shows the masked text.
    const events = await eventually(
      () => streamPayloads('EVENTS'),
      (payloads) => payloads.some((p) => p.includes(smsSid) && p.includes('"sms.sent"')),
      { what: 'the sms.sent event' },
    );
    const smsSent = JSON.parse(events.find((p) => p.includes(smsSid) && p.includes('"sms.sent"'))!) as {
      data: SmsResource;
    };
    assert.equal(smsSent.data.body, 'Your verification code is ********');
    for (const stream of ['EVENTS', 'SMS_OUTBOUND']) {
      const holding = (await streamPayloads(stream)).filter((p) => new RegExp(tokenPattern(code)).test(p));
      assert.deepEqual(holding, [], `no ${stream} message holds the code`);
    }

    assert.deepEqual(await rowsHolding(code), [], 'no column of any schema holds the code');
    // The same search finds what is stored in plain text (the number), so an empty answer means something.
    assert.ok((await rowsHolding(to.slice(1))).length > 0, 'the search finds stored values');
  });

  it('a verify text with «ACME» (UCS-2, 2 segments) holds at start exactly what the SMS then charges', async () => {
    // « » are not ASCII: the whole text is UCS-2 (brackets would be ASCII, 1 segment, docs/sms.md).
    const smsText =
      '«ACME» Your verification code is {code}. It expires in 10 minutes. Please never share it, not even with us!!!';
    const project = await world.project({ channel: 'sms', sms_text: smsText });
    const to = world.number('12');
    const started = await world.start(project, to);
    const smsSid = started.attempts[0]!.sid;
    const code = await world.codeFor(to, 'sms');
    const rendered = smsText.replace('{code}', code);
    assert.ok(rendered.length > 70 && rendered.length <= 134, `${rendered.length} characters: 2 UCS-2 segments`);

    const sms = await eventually(
      async () => (await project.api.get<SmsResource>(`/messages/sms/${smsSid}`)).body,
      (m) => m.status === 'sent',
      { what: 'the SMS sent' },
    );
    assert.equal(sms.sms_segments, 2);
    assert.equal(sms.cost, '0.10');
    assert.equal(sms.body, smsText.replace('{code}', '******'));

    const entries = await ledger(project.id);
    const held = entries.find((e) => e.reference === started.sid && e.kind === 'hold');
    assert.equal(held?.amount, '-0.12', 'the start held the fee and the SMS as the SMS service prices it');
    const smsCharge = entries.find((e) => e.reference === smsSid && e.kind === 'charge');
    assert.equal(smsCharge?.amount, '-0.10');
    assert.equal(cents(held!.amount), -(FEE + 2 * SMS_PRICE));
    assert.equal(cents(smsCharge!.amount), -2 * SMS_PRICE);
  });

  it('approved while only the messenger carried the code: the messenger send keeps its charge', async () => {
    const project = await world.project({ sms_fallback: false });
    const to = world.number('91'); // the provider accepts the message and never reports a delivery
    const started = await world.start(project, to);
    assert.equal(started.channel, 'messenger');
    const code = await world.codeFor(to, 'messenger');
    const approved = await world.check(project, started.sid, code);
    assert.equal(approved.body.status, 'approved', approved.text);

    const final = await settled(project, started.sid);
    assert.deepEqual(
      final.attempts.map((a) => [a.channel, a.status, a.cost]),
      [['messenger', 'delivered', '0.02']],
    );
    assert.equal(cents(final.cost), FEE + MESSENGER);
    await world.assertCostMatchesLedger(project, final);
    const message = await project.api.get<{ status: string; cost: string }>(
      `/messages/messenger/${final.attempts[0]!.sid}`,
    );
    assert.deepEqual([message.body.status, message.body.cost], ['delivered', '0.02']);

    // The provider was asked before deciding, and the message was not revoked.
    const usage = await providerUsage(to);
    assert.ok(usage.calls.checkVerificationStatus! >= 1, JSON.stringify(usage));
    assert.equal(usage.calls.revokeVerificationMessage, 0);
    assert.equal(usage.charged_cents, 1, 'the operator paid the provider once, for the ability check');
  });

  it('not approved: the undelivered messenger send is refunded after the provider was asked', async () => {
    const project = await world.project({ sms_fallback: false, expiry_minutes: 1, fallback_wait_seconds: 10 });
    const to = world.number('91');
    const started = await world.start(project, to);
    const final = await world.until(
      project,
      started.sid,
      (v) => v.status === 'expired' && v.cost === '0.00',
      'expiry and its refunds',
    );
    assert.deepEqual(
      final.attempts.map((a) => [a.channel, a.cost]),
      [['messenger', '0.00']],
    );
    await world.assertCostMatchesLedger(project, final);
    const usage = await providerUsage(to);
    assert.ok(usage.calls.checkVerificationStatus! >= 1, JSON.stringify(usage));
  });
});
