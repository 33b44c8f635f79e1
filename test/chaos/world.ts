// What the chaos and replica suites share: the whole platform with short recovery and retry
// timers, a webhook receiver, projects set up for every flow, settling, and the invariant run.
import assert from 'node:assert/strict';
import pg from 'pg';
import { Receiver, type Reply } from '../../services/webhook-dispatcher/test/receiver.js';
import {
  checkInvariants,
  eventually,
  observe,
  startTestPlatform,
  unsettled,
  type Outcome,
  type ReceivedWebhook,
  type SuiteNats,
  type TestPlatform,
  type TestProject,
} from '../infra/index.js';

export const SENDER = 'ChaosShop';

/** Short timers everywhere, so a fault settles in seconds (the recovery variables of docs/configuration.md). */
export const FAST_ENV = {
  gateway: { GRPC_DEADLINE_MS: '3000' },
  // A message a killed worker held is handed out again after the ack wait (default 60 s).
  sms: { SMS_RETRY_BASE_MS: '50', SMS_ACK_WAIT_MS: '5000', RECOVERY_INTERVAL_MS: '500', RECOVERY_AFTER_MS: '3000' },
  messenger: { EXPIRY_SWEEP_INTERVAL_MS: '500', RECOVERY_INTERVAL_MS: '500', RECOVERY_AFTER_MS: '3000' },
  // A 1-minute expiry lasts 6 s and the 10 s fallback wait 1 s.
  verify: {
    VERIFY_TIME_SCALE: '10',
    VERIFY_TIMER_INTERVAL_MS: '200',
    RECOVERY_INTERVAL_MS: '500',
    RECOVERY_AFTER_MS: '3000',
  },
  'webhook-dispatcher': { ATTEMPT_TIMEOUT_MS: '2000', POLL_INTERVAL_MS: '100', RETRY_DELAY_SCALE: '0.05' },
};

export class World {
  private constructor(
    readonly platform: TestPlatform,
    readonly receiver: Receiver,
    readonly db: pg.Pool,
    readonly nats: SuiteNats,
  ) {}

  /** `env`: variables of a part over FAST_ENV's (a suite's own timing). */
  static async start(options: {
    nats?: SuiteNats;
    replicas?: number;
    env?: Record<string, Record<string, string>>;
  }): Promise<World> {
    // Holds each POST open a moment, so a dispatcher crash can cut one short.
    const receiver = await Receiver.start((): Reply => {
      setTimeout(() => receiver.release(), 200);
      return 'hang';
    });
    const env: Record<string, Record<string, string>> = { ...FAST_ENV };
    for (const [part, vars] of Object.entries(options.env ?? {})) env[part] = { ...env[part], ...vars };
    const platform = await startTestPlatform({
      env,
      ...(options.nats ? { nats: options.nats } : {}),
      ...(options.replicas ? { replicas: options.replicas } : {}),
    }).catch(async (error: unknown) => {
      await receiver.close();
      throw error;
    });
    const db = new pg.Pool({ connectionString: platform.databaseUrl, max: 2 });
    return new World(platform, receiver, db, platform.nats);
  }

  async stop(): Promise<void> {
    await this.db.end();
    await this.platform.stop();
    await this.receiver.close();
  }

  /** A project with credit, an approved default sender ID, and verify on messenger with SMS fallback. */
  async project(credit = '100.00'): Promise<TestProject> {
    // Right after a restart a peer may still be coming up: set-up steps wait for it.
    const step = async (call: () => Promise<{ status: number; text: string }>) => {
      const response = await eventually(call, (r) => r.status !== 503, { timeoutMs: 30000, intervalMs: 250 });
      assert.ok(response.status < 300, response.text);
    };
    const project = await eventually(
      () => this.platform.newProject({ credit }).catch(() => undefined),
      (created) => created !== undefined,
      { timeoutMs: 30000, intervalMs: 250, what: 'a new project' },
    );
    const admin = this.platform.admin;
    const id = project!.id;
    await step(() => admin.post(`/projects/${id}/sender-ids`, { value: SENDER, site: 'shop.example.com' }));
    await step(() => admin.post(`/projects/${id}/sender-ids/${SENDER}/approve`));
    await step(() => admin.patch(`/projects/${id}/settings/sms`, { default_sender_id: SENDER }));
    await step(() =>
      admin.patch(`/projects/${id}/settings/verify`, {
        channel: 'messenger',
        sms_fallback: true,
        fallback_wait_seconds: 10,
        expiry_minutes: 1,
      }),
    );
    return project!;
  }

  /** Webhooks the receiver got so far (id, type, sid). */
  webhooks(): ReceivedWebhook[] {
    return this.receiver.received.flatMap((request) => {
      try {
        const event = JSON.parse(request.body) as { type: string; data: { sid: string } };
        return [{ webhookId: String(request.headers['webhook-id']), type: event.type, sid: event.data.sid }];
      } catch {
        return [];
      }
    });
  }

  /**
   * Waits until nothing of the project is unfinished (up to `timeoutMs`: a killed dispatcher's
   * unacknowledged intake comes back after its 30 s ack wait), then checks every
   * invariant. Returns the violations (a platform that never settled is one of them).
   */
  async settleAndCheck(project: TestProject, outcomes: Outcome[], timeoutMs = 45000): Promise<string[]> {
    const violations: string[] = [];
    await eventually(
      () => unsettled(this.db, project.api, project.id, outcomes, () => this.webhooks()),
      (left) => left.length === 0,
      { timeoutMs, intervalMs: 500, what: 'the platform to settle' },
    ).catch((error: Error) => violations.push(`did not settle within ${timeoutMs} ms: ${error.message}`));
    const observed = await observe({
      projectId: project.id,
      outcomes,
      api: project.api,
      admin: this.platform.admin,
      sandbox: this.platform.sandbox,
      db: this.db,
      nats: this.nats,
      webhooks: this.webhooks(),
    });
    return [...violations, ...checkInvariants(observed)];
  }
}

/** A one-line tally of the final answers, for the log. */
export function tally(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  const sample = new Map<string, string>();
  for (const o of outcomes) {
    const what = `${o.kind} ${o.status}`;
    counts.set(what, (counts.get(what) ?? 0) + 1);
    if (o.status !== 201 && !sample.has(what)) sample.set(what, o.text.slice(0, 160));
  }
  const slowest = [...outcomes].sort((a, b) => b.elapsedMs - a.elapsedMs)[0];
  return (
    [...counts].map(([what, n]) => `${what}: ${n}${sample.has(what) ? ` (e.g. ${sample.get(what)})` : ''}`).join(', ') +
    (slowest
      ? `; slowest ${slowest.kind} ${slowest.sid ?? slowest.key}: ${slowest.tries} tries, ${slowest.elapsedMs} ms`
      : '')
  );
}
