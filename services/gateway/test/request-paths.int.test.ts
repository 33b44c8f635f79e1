import assert from 'node:assert/strict';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import {
  ADMIN_TOKEN,
  rawRequest,
  startTestPlatform,
  type ErrorBody,
  type HttpResponse,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';

// Paths and bodies as a hostile client sends them, byte for byte: every request goes through
// node:http (rawRequest), because fetch would normalise `..`, `\` and their encodings away and a
// test written with it passes against a gateway that never sees them.

let platform: TestPlatform;
let a: TestProject;
let b: TestProject;
let publicBase: string;
let adminBase: string;

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const json = { 'content-type': 'application/json' };

function assertError(response: HttpResponse<ErrorBody>, status: number, code: string): void {
  assert.equal(response.status, status, response.text);
  assert.equal(response.body?.error?.code, code, response.text);
  assert.equal(typeof response.body.error.message, 'string');
}

/** Every gateway log line that reports a failure or carries a stack. */
function failureLines(): string[] {
  const lines = platform.services.get('gateway')?.lines ?? [];
  return lines.filter((line) => /"stack"|Z_DATA_ERROR|Z_BUF_ERROR|request failed|"level":"(error|fatal)"/.test(line));
}

describe('request paths and bodies as sent (raw node:http against the real gateway)', () => {
  beforeAll(async () => {
    // No sms, verify or webhook-dispatcher: a malformed parameter that reached one would be a 503.
    platform = await startTestPlatform({ only: ['billing', 'gateway'] });
    a = await platform.newProject({ name: 'a' });
    b = await platform.newProject({ name: 'b' });
    publicBase = platform.publicUrl;
    adminBase = platform.adminUrl;
  });
  afterAll(async () => {
    await platform?.stop();
  });

  describe('traversal forms are 400 INVALID_PATH before authentication, and reach no route', () => {
    const publicPaths = [
      '/v1/verifications/..%2f..%2fadmin',
      '/v1/verifications/..%2F..%2Fproject',
      '/v1/verifications/..\\..\\project',
      '/v1/verifications/%5c..%5cproject',
      '/v1/%2e%2e/project',
      '/v1/verifications/.%2e/project',
      '/v1/project/..',
      '/v1/verifications/%252e%252e%252fproject',
      '/v1/verifications/VE0123456789abcdef01234567%252f..%252fcheck',
      '/v1//project',
      '/v1/verifications/x%00',
      '/v1/verifications/%E0%A4%A',
      '/provider/messenger/reports/..%2f..%2fv1%2fproject',
    ];
    for (const path of publicPaths) {
      it(`public ${path}: without a key and with one`, async () => {
        assertError(await rawRequest<ErrorBody>(publicBase, 'GET', path), 400, 'INVALID_PATH');
        const withKey = await rawRequest<ErrorBody>(publicBase, 'GET', path, {
          headers: { authorization: `Bearer ${a.key}` },
        });
        assertError(withKey, 400, 'INVALID_PATH');
      });
    }

    const adminPaths = () => [
      `/admin/v1/projects/${a.id}/verifications/..%2f..%2f${b.id}`,
      `/admin/v1/projects/${a.id}/verifications/..\\..\\${b.id}`,
      `/admin/v1/projects/${a.id}/verifications/..%5c..%5c${b.id}`,
      `/admin/v1/projects/${a.id}/%2e%2e/${b.id}/api-keys`,
      `/admin/v1/projects/${a.id}%2f..%2f${b.id}/ledger`,
      `/admin/v1/projects/${a.id}/%252e%252e/${b.id}/api-keys`,
      '/admin/v1/projects/%2e%2e',
      '/admin/v1/projects/..\\',
    ];
    it('admin: every form, without the token and with it', async () => {
      for (const path of adminPaths()) {
        assertError(await rawRequest<ErrorBody>(adminBase, 'GET', path), 400, 'INVALID_PATH');
        assertError(await rawRequest<ErrorBody>(adminBase, 'GET', path, { headers: admin }), 400, 'INVALID_PATH');
      }
    });

    it('admin: a steered write changes nothing', async () => {
      const steered = await rawRequest<ErrorBody>(
        adminBase,
        'POST',
        `/admin/v1/projects/${b.id}/api-keys/..%2f..%2f..%2f${a.id}/api-keys`,
        { headers: { ...admin, ...json }, body: JSON.stringify({ name: 'steered' }) },
      );
      assertError(steered, 400, 'INVALID_PATH');
      for (const project of [a, b]) {
        const keys = await platform.admin.get<{ api_keys: { name: string }[] }>(`/projects/${project.id}/api-keys`);
        assert.equal(keys.status, 200, keys.text);
        assert.deepEqual(
          keys.body.api_keys.map((k) => k.name),
          ['test'],
        );
      }
    });
  });

  describe('each admin path parameter is checked against its own pattern before anything is looked up', () => {
    const unknownProject = 'prj_ffffffffffffffffffffffff';

    it('sender ID values: 404 SENDER_ID_NOT_FOUND without asking sms (which is not running)', async () => {
      // The premise: a well-formed value does go on to sms, which is not there.
      const wellFormed = await rawRequest<ErrorBody>(
        adminBase,
        'POST',
        `/admin/v1/projects/${a.id}/sender-ids/NOPE1/approve`,
        {
          headers: admin,
        },
      );
      assertError(wellFormed, 503, 'SERVICE_UNAVAILABLE');
      for (const value of ['a_b', '12345', 'x', 'TooLongSender1', '%20Shop']) {
        const approve = await rawRequest<ErrorBody>(
          adminBase,
          'POST',
          `/admin/v1/projects/${a.id}/sender-ids/${value}/approve`,
          {
            headers: admin,
          },
        );
        assertError(approve, 404, 'SENDER_ID_NOT_FOUND');
        const reject = await rawRequest<ErrorBody>(
          adminBase,
          'POST',
          `/admin/v1/projects/${a.id}/sender-ids/${value}/reject`,
          {
            headers: { ...admin, ...json },
            body: JSON.stringify({ reason: 'no' }),
          },
        );
        assertError(reject, 404, 'SENDER_ID_NOT_FOUND');
      }
    });

    it('verification sids: 400 INVALID_MESSAGE_SID without asking verify', async () => {
      for (const sid of ['VEnot-a-sid', 'SM0123456789abcdef01234567', 've0123456789abcdef01234567']) {
        const response = await rawRequest<ErrorBody>(
          adminBase,
          'GET',
          `/admin/v1/projects/${a.id}/verifications/${sid}`,
          {
            headers: admin,
          },
        );
        assertError(response, 400, 'INVALID_MESSAGE_SID');
      }
    });

    it('webhook delivery ids: 404 DELIVERY_NOT_FOUND without asking the dispatcher', async () => {
      for (const id of ['not-a-uuid', '1', `${'0'.repeat(8)}-0000-0000-0000-00000000000g`]) {
        const response = await rawRequest<ErrorBody>(
          adminBase,
          'POST',
          `/admin/v1/projects/${a.id}/webhook-deliveries/${id}/replay`,
          { headers: admin },
        );
        assertError(response, 404, 'DELIVERY_NOT_FOUND');
      }
    });

    it('API key ids: 404 API_KEY_NOT_FOUND before the project is looked up', async () => {
      const response = await rawRequest<ErrorBody>(
        adminBase,
        'DELETE',
        `/admin/v1/projects/${unknownProject}/api-keys/not-a-uuid`,
        {
          headers: admin,
        },
      );
      assertError(response, 404, 'API_KEY_NOT_FOUND');
    });

    it('fraud block prefixes: 422 INVALID_ARGUMENT before the project is looked up', async () => {
      for (const prefix of ['abc', '+', '++44', '4'.repeat(16)]) {
        const response = await rawRequest<ErrorBody>(
          adminBase,
          'DELETE',
          `/admin/v1/projects/${unknownProject}/fraud/blocks/${prefix}`,
          { headers: admin },
        );
        assertError(response, 422, 'INVALID_ARGUMENT');
      }
    });
  });

  describe('Content-Encoding', () => {
    const start = JSON.stringify({ to: '+447700900123' });
    const gzipped = gzipSync(start);
    const corrupt: [string, Buffer][] = [
      ['gzip', Buffer.concat([gzipped.subarray(0, 10), Buffer.from('this is not a deflate stream')])],
      ['gzip', gzipped.subarray(0, gzipped.length - 6)],
      ['deflate', Buffer.from('this is not zlib data')],
      ['deflate', deflateSync(start).subarray(0, 8)],
      ['br', Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x01, 0x02])],
      ['br', brotliCompressSync(Buffer.from(start)).subarray(0, 4)],
    ];

    it('a body its encoding cannot decode is 400 INVALID_JSON on every API, and nothing is logged as a bug', async () => {
      const before = failureLines().length;
      for (const [encoding, body] of corrupt) {
        const where = (response: HttpResponse<ErrorBody>) => ({ ...response, text: `${encoding}: ${response.text}` });
        const publicAnswer = await rawRequest<ErrorBody>(publicBase, 'POST', '/v1/verifications', {
          headers: { authorization: `Bearer ${a.key}`, ...json, 'content-encoding': encoding },
          body,
        });
        assertError(where(publicAnswer), 400, 'INVALID_JSON');
        const adminAnswer = await rawRequest<ErrorBody>(adminBase, 'POST', '/admin/v1/projects', {
          headers: { ...admin, ...json, 'content-encoding': encoding },
          body,
        });
        assertError(where(adminAnswer), 400, 'INVALID_JSON');
        const report = await rawRequest<ErrorBody>(publicBase, 'POST', '/provider/messenger/reports', {
          headers: { ...json, 'content-encoding': encoding, 'x-request-timestamp': '1', 'x-request-signature': 'x' },
          body,
        });
        assertError(where(report), 400, 'INVALID_JSON');
      }
      // The access log line of the last request is written as its answer finishes.
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(failureLines().slice(before), []);
    });

    it('an encoding it does not decode is 415 naming Content-Encoding; a sound gzip body is read', async () => {
      for (const encoding of ['compress', 'x-gzip', 'gzip, br']) {
        const response = await rawRequest<ErrorBody>(adminBase, 'POST', '/admin/v1/projects', {
          headers: { ...admin, ...json, 'content-encoding': encoding },
          body: gzipped,
        });
        assertError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
        assert.match(response.body.error.message, /Content-Encoding/);
      }
      const created = await rawRequest<{ name: string }>(adminBase, 'POST', '/admin/v1/projects', {
        headers: { ...admin, ...json, 'content-encoding': 'gzip' },
        body: gzipSync(JSON.stringify({ name: 'gzipped' })),
      });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.body.name, 'gzipped');
    });
  });
});
