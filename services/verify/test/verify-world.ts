import assert from 'node:assert/strict';
import { jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { CALLBACK_URL_HEADER, type EventEnvelope } from '@otp/platform';
import pg from 'pg';
import {
  eventually,
  connectObserver,
  startTestPlatform,
  type ErrorBody,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';

// What the verify suites share: the platform with short, test-tunable timers, projects with an
// approved sender ID, the sandbox inbox, the ledger, and a collector of finished events read
// straight from the EVENTS stream.

export interface Attempt {
  channel: string;
  sid: string;
  status: string;
  cost: string;
  date_created: string;
}

export interface Verification {
  sid: string;
  status: string;
  to: string;
  channel: string;
  fallback_reason: string | null;
  attempts: Attempt[];
  checks_left: number;
  fee: string;
  cost: string;
  date_created: string;
  expires_at: string;
  approved_at: string | null;
  metadata: Record<string, unknown>;
  last_error?: string;
  valid?: boolean;
}

interface InboxMessage {
  channel: string;
  to: string;
  text: string;
  code: string | null;
}

/** Expiry and fallback waits run 10x faster: a 1-minute expiry lasts 6 s, a 10 s wait 1 s. */
export const TIME_SCALE = 10;

export const SENDER = 'AcmeShop';

export function cents(amount: string): number {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = '00'] = amount.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -value : value;
}

export class VerifyWorld {
  private events: { envelope: EventEnvelope<Verification>; callback: string | undefined }[] = [];
  private nc: NatsConnection | undefined;
  private messages: ConsumerMessages | undefined;
  private numbers = 0;

  private constructor(readonly platform: TestPlatform) {}

  /** `verifyEnv` adds to (or overrides) the verify service's variables, `smsEnv` the SMS service's. */
  static async start(
    verifyEnv: Record<string, string> = {},
    smsEnv: Record<string, string> = {},
  ): Promise<VerifyWorld> {
    const platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'messenger', 'verify', 'gateway'],
      env: {
        verify: { VERIFY_TIME_SCALE: String(TIME_SCALE), VERIFY_TIMER_INTERVAL_MS: '200', ...verifyEnv },
        sms: { SMS_RETRY_BASE_MS: '50', ...smsEnv },
        messenger: { EXPIRY_SWEEP_INTERVAL_MS: '500' },
      },
    });
    const world = new VerifyWorld(platform);
    try {
      await world.collectFinishedEvents();
    } catch (error) {
      await platform.stop();
      throw error;
    }
    return world;
  }

  private async collectFinishedEvents(): Promise<void> {
    this.nc = await connectObserver();
    const js = jetstream(this.nc);
    // The EVENTS stream is created by the services at start; an ordered consumer reads all of it.
    const consumer = await js.consumers.get('EVENTS', { filter_subjects: 'events.verification.finished' });
    this.messages = await consumer.consume();
    void (async () => {
      for await (const message of this.messages!) {
        this.events.push({
          envelope: message.json<EventEnvelope<Verification>>(),
          callback: message.headers?.get(CALLBACK_URL_HEADER) || undefined,
        });
      }
    })();
  }

  async stop(): Promise<void> {
    await this.messages?.close();
    await this.nc?.close();
    await this.platform.stop();
  }

  /** Finished events published for one verification so far. */
  finishedEvents(sid: string): EventEnvelope<Verification>[] {
    return this.events.filter((event) => event.envelope.data.sid === sid).map((event) => event.envelope);
  }

  /** The webhook target each finished event of a verification carried. */
  finishedCallbacks(sid: string): (string | undefined)[] {
    return this.events.filter((event) => event.envelope.data.sid === sid).map((event) => event.callback);
  }

  /**
   * Finished events verify wrote for a verification, once it is settled (the event is written at
   * settlement, which can follow the finish shown by the API) and its outbox has published all of
   * them: the stream then holds exactly these, so comparing both proves nothing more is on its way.
   * `{ settled: false }` reads a verification whose settlement is known to be held back.
   */
  async writtenFinishedEvents(sid: string, { settled = true }: { settled?: boolean } = {}): Promise<number> {
    const pool = new pg.Pool({ connectionString: this.platform.databaseUrl, max: 1 });
    try {
      const rows = await eventually(
        async () =>
          (
            await pool.query<{ written: number; published: number; settled: boolean }>(
              `SELECT count(*)::int AS written, count(published_at)::int AS published,
                      (SELECT settled_at IS NOT NULL FROM verify.verifications WHERE sid = $1) AS settled
                 FROM verify.outbox_events WHERE payload->'data'->>'sid' = $1`,
              [sid],
            )
          ).rows[0]!,
        (row) => row.settled === settled && row.written === row.published,
        { what: `the outbox of ${sid} to be published${settled ? ' after its settlement' : ''}` },
      );
      return rows.written;
    } finally {
      await pool.end();
    }
  }

  /** A new number in the sandbox range; its last two digits choose the sandbox behaviour. */
  number(ending: string): string {
    this.numbers += 1;
    return `+4477001${String(this.numbers).padStart(2, '0')}4${ending}`;
  }

  /** A project with an approved SMS default sender ID and the given verify settings. */
  async project(verifySettings: Record<string, unknown> = {}, options: { credit?: string } = {}): Promise<TestProject> {
    const project = await this.platform.newProject(options);
    const admin = this.platform.admin;
    assert.equal(
      (await admin.post(`/projects/${project.id}/sender-ids`, { value: SENDER, site: 'shop.example.com' })).status,
      201,
    );
    assert.equal((await admin.post(`/projects/${project.id}/sender-ids/${SENDER}/approve`)).status, 200);
    const sms = await admin.patch(`/projects/${project.id}/settings/sms`, { default_sender_id: SENDER });
    assert.equal(sms.status, 200, sms.text);
    if (Object.keys(verifySettings).length > 0) {
      const patched = await admin.patch(`/projects/${project.id}/settings/verify`, verifySettings);
      assert.equal(patched.status, 200, patched.text);
    }
    return project;
  }

  async start(project: TestProject, to: string, extra: Record<string, unknown> = {}): Promise<Verification> {
    const response = await project.api.post<Verification & ErrorBody>('/verifications', { to, ...extra });
    assert.equal(response.status, 201, response.text);
    return response.body;
  }

  async get(project: TestProject, sid: string): Promise<Verification> {
    const response = await project.api.get<Verification>(`/verifications/${sid}`);
    assert.equal(response.status, 200, response.text);
    return response.body;
  }

  check(project: TestProject, sid: string, code: string) {
    return project.api.post<Verification & ErrorBody>(`/verifications/${sid}/check`, { code });
  }

  /** The codes that reached `to` on a channel, oldest first. */
  async codes(to: string, channel: 'messenger' | 'sms'): Promise<string[]> {
    const inbox = await this.platform.sandbox.get<{ messages: InboxMessage[] }>(`/inbox?to=${encodeURIComponent(to)}`);
    return inbox.body.messages
      .filter((m) => m.channel === channel)
      .map((m) => m.code ?? '')
      .reverse();
  }

  async codeFor(to: string, channel: 'messenger' | 'sms'): Promise<string> {
    const codes = await eventually(
      () => this.codes(to, channel),
      (found) => found.length > 0,
      { what: `a ${channel} code for ${to}` },
    );
    return codes[0]!;
  }

  async until(
    project: TestProject,
    sid: string,
    done: (v: Verification) => boolean,
    what: string,
  ): Promise<Verification> {
    return eventually(() => this.get(project, sid), done, { what, timeoutMs: 20000 });
  }

  async balanceCents(project: TestProject): Promise<number> {
    return cents((await this.platform.admin.get<{ balance: string }>(`/projects/${project.id}`)).body.balance);
  }

  /**
   * The ledger's word on a verification: the net of every entry that references it or one of its
   * sends. Agreement with `cost` means the customer paid exactly what the verification shows.
   */
  async ledgerNetCents(project: TestProject, verification: Verification): Promise<number> {
    const references = new Set([verification.sid, ...verification.attempts.map((a) => a.sid)]);
    const ledger = await this.platform.admin.get<{ entries: { amount: string; reference: string }[] }>(
      `/projects/${project.id}/ledger?limit=500`,
    );
    assert.equal(ledger.status, 200, ledger.text);
    return ledger.body.entries.filter((e) => references.has(e.reference)).reduce((sum, e) => sum + cents(e.amount), 0);
  }

  /** cost == what the ledger took for this verification, once sends have settled. */
  async assertCostMatchesLedger(project: TestProject, verification: Verification): Promise<void> {
    assert.equal(
      await this.ledgerNetCents(project, verification),
      0 - cents(verification.cost),
      `ledger vs cost of ${verification.sid}`,
    );
  }
}
