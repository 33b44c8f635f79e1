import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { eventually, startTestPlatform, type TestPlatform, type TestProject } from '@otp/test/infra';
import pg from 'pg';

// SIGTERM under load: a service stops taking new work, finishes what it accepted, and exits 0.

let platform: TestPlatform;
let project: TestProject;

interface Outcome {
  body: string;
  status?: number;
  error?: string;
}

/** One POST on its own connection (no keep-alive), so "refused" and "dropped" are told apart. */
function send(body: { to: string; body: string }): Promise<Outcome> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = httpRequest(
      `${platform.publicUrl}/v1/messages/sms`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${project.key}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          connection: 'close',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ body: body.body, status: res.statusCode }));
        res.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ body: body.body, error: error.code ?? error.message }),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ body: body.body, error: error.code ?? error.message }));
    req.end(payload);
  });
}

interface Ledger {
  entries: { kind: string; reference: string }[];
}

describe('graceful shutdown under load', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'gateway'],
      env: { sms: { SMS_RETRY_BASE_MS: '50', SMS_WORKER_CONCURRENCY: '8' } },
    });
    // Load, not abuse: bursts to neighbouring numbers, which the fraud defaults rightly refuse.
    project = await platform.newProject({ credit: '20.00', abuseLimits: 'off' });
    await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Drain', site: 'example.com' });
    await platform.admin.post(`/projects/${project.id}/sender-ids/Drain/approve`);
    await platform.admin.patch(`/projects/${project.id}/settings/sms`, { default_sender_id: 'Drain' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('the gateway answers every request it accepted, refuses new connections, and exits 0', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    const client = async (n: number) => {
      for (let i = 0; running; i++) {
        outcomes.push(await send({ to: '+447700123456', body: `load ${n}-${i}` }));
      }
    };
    const clients = Array.from({ length: 6 }, (_, n) => client(n));
    await eventually(
      async () => outcomes.length,
      (count) => count >= 30,
      { what: '30 answered requests' },
    );
    const code = await platform.services.get('gateway')!.stop('SIGTERM');
    running = false;
    await Promise.all(clients);
    try {
      assert.equal(code, 0, 'the gateway exits 0');
      const answered = outcomes.filter((o) => o.status !== undefined);
      assert.ok(answered.length >= 30);
      assert.deepEqual(
        answered.filter((o) => o.status !== 201).map((o) => o.status),
        [],
        'every accepted request completed with 201',
      );
      // After the listener closed, new connections are refused (a load balancer retries elsewhere).
      // A connection still waiting in the kernel's accept queue when it closed is reset instead:
      // the gateway never read it. What must never happen is a request the gateway worked on
      // without answering it: none of the unanswered ones may have left a message behind.
      const unanswered = outcomes.filter((o) => o.error);
      for (const error of new Set(unanswered.map((o) => o.error))) {
        assert.ok(error === 'ECONNREFUSED' || error === 'ECONNRESET', `a request failed with ${error}`);
      }
      const db = new pg.Client({ connectionString: platform.databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM sms.messages WHERE body = ANY($1::text[])',
          [unanswered.map((o) => o.body)],
        );
        assert.equal(rows[0]!.n, 0, 'a request the gateway worked on went unanswered');
      } finally {
        await db.end();
      }
    } finally {
      await platform.restart('gateway');
    }
  });

  it('the SMS service stops with deliveries in flight, exits 0, and after a restart every message is sent and charged once', async () => {
    const sids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const sent = await project.api.post<{ sid: string }>('/messages/sms', {
        to: `+4477001234${String(i).padStart(2, '0')}`,
        body: `drain ${i}`,
      });
      assert.equal(sent.status, 201, sent.text);
      sids.push(sent.body.sid);
    }
    const code = await platform.services.get('sms')!.stop('SIGTERM');
    assert.equal(code, 0, 'the sms service exits 0');

    await platform.restart('sms');
    for (const sid of sids) {
      await eventually(
        () => project.api.get<{ status: string }>(`/messages/sms/${sid}`),
        (res) => res.body.status === 'sent',
        { what: `${sid} sent`, timeoutMs: 30000 },
      );
    }
    const ledger = await platform.admin.get<Ledger>(`/projects/${project.id}/ledger?limit=500`);
    for (const sid of sids) {
      const charges = ledger.body.entries.filter((e) => e.reference === sid && e.kind === 'charge');
      const refunds = ledger.body.entries.filter((e) => e.reference === sid && e.kind === 'refund');
      assert.equal(charges.length, 1, `${sid} charged once`);
      assert.equal(refunds.length, 0, `${sid} not refunded`);
    }
  });
});

describe('gateway drain before close (SHUTDOWN_DELAY_MS)', () => {
  let drained: TestPlatform;
  beforeAll(async () => {
    drained = await startTestPlatform({
      only: ['billing', 'gateway'],
      env: { gateway: { SHUTDOWN_DELAY_MS: '3000' } },
    });
  });
  afterAll(async () => {
    await drained?.stop();
  });

  it('fails readiness at SIGTERM, keeps answering during the delay, then exits 0', async () => {
    const project = await drained.newProject({ abuseLimits: 'off' });
    const gateway = drained.services.get('gateway')!;
    const readyz = () => fetch(`${drained.publicUrl}/readyz`).then((res) => res.status);
    assert.equal(await readyz(), 200);

    const stopped = gateway.stop('SIGTERM');
    await eventually(readyz, (status) => status === 503, { what: 'readiness to fail' });
    const during = await project.api.get<{ balance: string }>('/project');
    assert.equal(during.status, 200, 'still serving while the load balancer catches up');
    assert.equal(during.body.balance, '1.00');
    assert.equal(await stopped, 0);
  });
});
