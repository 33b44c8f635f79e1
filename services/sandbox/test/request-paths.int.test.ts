import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { rawRequest, startTestPlatform, type ErrorBody, type TestPlatform } from '@otp/test/infra';

// The sandbox's HTTP app (inbox, carrier levers, simulated messenger provider) takes paths as the
// gateway does: sent raw through node:http, since fetch would normalise the forms under test.

let platform: TestPlatform;

describe('sandbox: request paths as sent', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({ only: ['sandbox'] });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const paths = [
    '/carriers/..%2f..%2fcarrier/submits',
    '/carriers/sandbox/..\\..\\inbox',
    '/carriers/%2e%2e/parts',
    '/inbox/%252e%252e',
    '/messenger-api/..%2fsendVerificationMessage',
    '/messenger-api/%5csendVerificationMessage',
  ];
  for (const path of paths) {
    it(`${path} is 400 INVALID_PATH`, async () => {
      const response = await rawRequest<ErrorBody>(platform.sandboxUrl, 'GET', path);
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body?.error?.code, 'INVALID_PATH', response.text);
    });
  }

  it("the messenger provider's method names are its own, never Object's", async () => {
    for (const method of ['constructor', '__proto__', 'hasOwnProperty']) {
      const response = await rawRequest<{ ok: boolean; error: string }>(
        platform.sandboxUrl,
        'POST',
        `/messenger-api/${method}`,
        { headers: { authorization: 'Bearer sandbox-token', 'content-type': 'application/json' }, body: '{}' },
      );
      assert.equal(response.status, 404, `${method}: ${response.text}`);
      assert.deepEqual(response.body, { ok: false, error: 'METHOD_NOT_FOUND' });
    }
  });
});
