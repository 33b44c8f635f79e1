import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { promisify } from 'node:util';
import { serviceDir } from '@otp/platform/launcher';
import {
  ADMIN_TOKEN,
  eventually,
  startTestPlatform,
  type ErrorBody,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';
import { Webhook } from 'standardwebhooks';
import { envelope, Producer } from './events.js';
import { Receiver } from './receiver.js';

// The admin API rows of the webhook dispatcher, through the real gateway, and otpctl on top.

interface SecretView {
  secret: string;
  created_at: string;
  expires_at: string | null;
}

interface DeliveryView {
  id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  recent_attempts: { number: number; series: number; status_code: number | null; response_snippet: string }[];
}

const run = promisify(execFile);
let platform: TestPlatform;
let project: TestProject;
let producer: Producer;
let receiver: Receiver;

async function otpctl(...args: string[]) {
  const cli = `${serviceDir('gateway')}/dist/cli/otpctl.js`;
  return run(process.execPath, [cli, ...args], {
    env: { ...process.env, OTP_ADMIN_URL: platform.adminUrl, OTP_ADMIN_TOKEN: ADMIN_TOKEN },
  });
}

function deliveries(query = '') {
  return platform.admin.get<{ deliveries: DeliveryView[] } & ErrorBody>(
    `/projects/${project.id}/webhook-deliveries${query}`,
  );
}

async function settled(eventId: string, status: string): Promise<DeliveryView> {
  const list = await eventually(
    async () => (await deliveries()).body.deliveries,
    (all) => all.some((d) => d.event_id === eventId && d.status === status),
    { what: `${eventId} ${status}` },
  );
  return list.find((d) => d.event_id === eventId)!;
}

/** The request the receiver got for `eventId`, and the Standard Webhooks headers to verify it with. */
function delivered(eventId: string) {
  const [request] = receiver.withEventId(eventId);
  const headers = {
    'webhook-id': eventId,
    'webhook-timestamp': String(request!.headers['webhook-timestamp']),
    'webhook-signature': String(request!.headers['webhook-signature']),
  };
  return { request, headers };
}

describe('webhook admin API and otpctl (real gateway, billing and dispatcher)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['billing', 'webhook-dispatcher', 'gateway'],
      env: { 'webhook-dispatcher': { RETRY_DELAY_SCALE: '0.001', POLL_INTERVAL_MS: '50' } },
    });
    project = await platform.newProject({ name: 'webhooks admin' });
    producer = await Producer.connect();
    receiver = await Receiver.start((request) =>
      request.path === '/reject' && receiver.onPath('/reject').length === 1
        ? { status: 422, body: 'bad' }
        : { status: 200 },
    );
  });
  afterAll(async () => {
    await producer?.close();
    await platform?.stop();
    await receiver?.close();
  });

  it('rotating the secret keeps the old one valid for 24 h, and the project shows both', async () => {
    const before = await platform.admin.get<{ webhook_secrets: SecretView[] }>(`/projects/${project.id}`);
    assert.equal(before.status, 200, before.text);
    assert.equal(before.body.webhook_secrets.length, 1);
    const old = before.body.webhook_secrets[0]!.secret;

    const rotated = await platform.admin.post<{ secrets: SecretView[] }>(`/projects/${project.id}/webhook-secret`);
    assert.equal(rotated.status, 200, rotated.text);
    const current = rotated.body.secrets.find((s) => s.expires_at === null)!;
    const previous = rotated.body.secrets.find((s) => s.expires_at !== null)!;
    assert.equal(previous.secret, old);
    assert.notEqual(current.secret, old);

    const after = await platform.admin.get<{ webhook_secrets: SecretView[] }>(`/projects/${project.id}`);
    assert.deepEqual(new Set(after.body.webhook_secrets.map((s) => s.secret)), new Set([old, current.secret]));

    const event = envelope('verification.approved', project.id, { sid: 'VE1', metadata: { user: 'u-1' } });
    await producer.emit(event, receiver.url('/ok'));
    await settled(event.id, 'succeeded');
    const { request, headers } = delivered(event.id);
    for (const secret of [old, current.secret])
      assert.deepEqual(new Webhook(secret).verify(request!.body, headers), event);
  });

  it('revoking the previous secret leaves only the current one signing, and again changes nothing', async () => {
    const before = await platform.admin.get<{ webhook_secrets: SecretView[] }>(`/projects/${project.id}`);
    assert.equal(before.body.webhook_secrets.length, 2, 'the rotation above left a previous secret');
    const current = before.body.webhook_secrets.find((s) => s.expires_at === null)!.secret;
    const previous = before.body.webhook_secrets.find((s) => s.expires_at !== null)!.secret;

    for (let time = 0; time < 2; time++) {
      const revoked = await platform.admin.delete(`/projects/${project.id}/webhook-secret/previous`);
      assert.equal(revoked.status, 204, revoked.text);
      const after = await platform.admin.get<{ webhook_secrets: SecretView[] }>(`/projects/${project.id}`);
      assert.deepEqual(
        after.body.webhook_secrets.map((s) => [s.secret, s.expires_at]),
        [[current, null]],
      );
    }

    const event = envelope('verification.approved', project.id, { sid: 'VE2', metadata: {} });
    await producer.emit(event, receiver.url('/ok'));
    await settled(event.id, 'succeeded');
    const { request, headers } = delivered(event.id);
    assert.equal(headers['webhook-signature'].split(' ').length, 1, headers['webhook-signature']);
    assert.deepEqual(new Webhook(current).verify(request!.body, headers), event);
    assert.throws(() => new Webhook(previous).verify(request!.body, headers));

    const nobody = await platform.admin.delete<ErrorBody>(`/projects/prj_${'0'.repeat(24)}/webhook-secret/previous`);
    assert.equal(nobody.status, 404, nobody.text);
    assert.equal(nobody.body.error.code, 'PROJECT_NOT_FOUND');
  });

  it('lists deliveries filtered by status and replays a failed one', async () => {
    const event = envelope('sms.failed', project.id, { sid: 'SM1', metadata: {} });
    await producer.emit(event, receiver.url('/reject'));
    const failed = await settled(event.id, 'failed');
    assert.equal(failed.last_status_code, 422);
    assert.equal(failed.recent_attempts[0]!.response_snippet, 'bad');

    const onlyFailed = await deliveries('?status=failed');
    assert.deepEqual(
      onlyFailed.body.deliveries.map((d) => d.event_id),
      [event.id],
    );
    const onlySucceeded = await deliveries('?status=succeeded');
    assert.ok(
      onlySucceeded.body.deliveries.length > 0 && onlySucceeded.body.deliveries.every((d) => d.status === 'succeeded'),
    );

    const replay = await platform.admin.post<DeliveryView>(
      `/projects/${project.id}/webhook-deliveries/${failed.id}/replay`,
    );
    assert.equal(replay.status, 200, replay.text);
    assert.equal(replay.body.status, 'pending');
    const done = await settled(event.id, 'succeeded');
    assert.deepEqual(
      done.recent_attempts.map((a) => [a.series, a.status_code]),
      [
        [1, 200],
        [0, 422],
      ],
    );
  });

  it('refuses a bad status filter, an unknown delivery and an unknown project with the right codes', async () => {
    const bad = await deliveries('?status=lost');
    assert.equal(bad.status, 422, bad.text);
    assert.equal(bad.body.error.code, 'INVALID_REQUEST_BODY');
    assert.match(bad.body.error.message, /^status: /);

    const missing = await platform.admin.post<ErrorBody>(
      `/projects/${project.id}/webhook-deliveries/00000000-0000-4000-8000-000000000000/replay`,
    );
    assert.equal(missing.status, 404, missing.text);
    assert.equal(missing.body.error.code, 'DELIVERY_NOT_FOUND');
    const malformed = await platform.admin.post<ErrorBody>(
      `/projects/${project.id}/webhook-deliveries/not-a-delivery/replay`,
    );
    assert.equal(malformed.status, 404, malformed.text);
    assert.equal(malformed.body.error.code, 'DELIVERY_NOT_FOUND');

    const other = await platform.newProject({ name: 'other' });
    const [mine] = (await deliveries()).body.deliveries;
    const foreign = await platform.admin.post<ErrorBody>(`/projects/${other.id}/webhook-deliveries/${mine!.id}/replay`);
    assert.equal(foreign.status, 404, foreign.text);
    assert.equal(foreign.body.error.code, 'DELIVERY_NOT_FOUND');

    const nobody = await platform.admin.post<ErrorBody>(`/projects/prj_${'0'.repeat(24)}/webhook-secret`);
    assert.equal(nobody.status, 404, nobody.text);
    assert.equal(nobody.body.error.code, 'PROJECT_NOT_FOUND');
  });

  it('otpctl lists, replays and rotates', async () => {
    const listed = await otpctl('--json', 'webhooks', 'deliveries', project.id, '--status', 'succeeded');
    const page = JSON.parse(listed.stdout) as { deliveries: DeliveryView[] };
    assert.ok(page.deliveries.length >= 2 && page.deliveries.every((d) => d.status === 'succeeded'));

    const replayed = await otpctl('webhooks', 'replay', project.id, page.deliveries[0]!.id);
    assert.match(replayed.stdout, new RegExp(`^${page.deliveries[0]!.id} .* pending `));

    const rotated = await otpctl('webhooks', 'rotate-secret', project.id);
    assert.match(rotated.stdout, /^whsec_\S+ {2}current$/m);
    assert.match(rotated.stdout, /^whsec_\S+ {2}valid until /m);
    const revoked = await otpctl('webhooks', 'revoke-previous', project.id);
    assert.match(revoked.stdout, /only the current secret signs/);
    const view = await platform.admin.get<{ webhook_secrets: SecretView[] }>(`/projects/${project.id}`);
    assert.deepEqual(
      view.body.webhook_secrets.map((s) => s.expires_at),
      [null],
    );

    await assert.rejects(
      otpctl('webhooks', 'deliveries', project.id, '--status', 'lost'),
      /--status takes pending, succeeded, failed/,
    );
  });
});
