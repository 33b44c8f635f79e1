import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { eventually, startTestPlatform, type TestPlatform } from '@otp/test/infra';
import { HttpMessengerProvider, ProviderRefusal, ProviderUnavailable } from '../src/provider/client.js';
import { isValidReportSignature } from '../src/provider/signature.js';

// The provider client against the sandbox simulator (a real HTTP server speaking the gateway API).

interface Received {
  body: Buffer;
  timestamp: string;
  signature: string;
}

let platform: TestPlatform;
let receiver: Server;
let callbackUrl: string;
const received: Received[] = [];

describe('messenger provider client (against the sandbox)', () => {
  let provider: HttpMessengerProvider;

  beforeAll(async () => {
    platform = await startTestPlatform({ only: ['sandbox'], env: { sandbox: { MESSENGER_REPORT_DELAY_MS: '50' } } });
    provider = new HttpMessengerProvider({
      baseUrl: `${platform.sandboxUrl}/messenger-api`,
      token: 'sandbox-token',
      timeoutMs: 2000,
    });
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          body: Buffer.concat(chunks),
          timestamp: String(req.headers['x-request-timestamp']),
          signature: String(req.headers['x-request-signature']),
        });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    callbackUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/reports`;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
    await platform?.stop();
  });

  it('send-ability, send with the ability request id, signed reports, code checks', async () => {
    const ability = await provider.checkSendAbility('+447700001294');
    const sent = await provider.sendVerificationMessage({
      phone_number: '+447700001294',
      request_id: ability.request_id,
      code: '5678',
      callback_url: callbackUrl,
      ttl: 60,
      payload: 'TGabc',
    });
    assert.equal(sent.request_id, ability.request_id);
    assert.equal(sent.delivery_status?.status, 'sent');

    await eventually(
      async () => received.length,
      (n) => n >= 2,
      { what: 'delivered and read reports' },
    );
    for (const report of received)
      assert.equal(isValidReportSignature('sandbox-token', report.timestamp, report.body, report.signature), true);
    const statuses = received.map(
      (r) => (JSON.parse(r.body.toString()) as { delivery_status: { status: string } }).delivery_status.status,
    );
    assert.deepEqual(statuses, ['delivered', 'read']);

    assert.equal(
      (await provider.checkVerificationStatus(sent.request_id, '1111')).verification_status?.status,
      'code_invalid',
    );
    assert.equal(
      (await provider.checkVerificationStatus(sent.request_id, '5678')).verification_status?.status,
      'code_valid',
    );
    assert.equal(await provider.revokeVerificationMessage(sent.request_id), true);
  });

  it('a number without an account is a refusal; a wrong token too; an unreachable provider is unavailable', async () => {
    await assert.rejects(
      provider.checkSendAbility('+447700001290'),
      (e) => e instanceof ProviderRefusal && e.reason === 'PHONE_NUMBER_NOT_FOUND',
    );
    const wrongToken = new HttpMessengerProvider({
      baseUrl: `${platform.sandboxUrl}/messenger-api`,
      token: 'nope',
      timeoutMs: 2000,
    });
    await assert.rejects(
      wrongToken.checkSendAbility('+447700001200'),
      (e) => e instanceof ProviderRefusal && e.reason === 'ACCESS_TOKEN_INVALID',
    );
    const down = new HttpMessengerProvider({
      baseUrl: 'http://127.0.0.1:9/messenger-api',
      token: 'x',
      timeoutMs: 1000,
    });
    await assert.rejects(down.checkSendAbility('+447700001200'), (e) => e instanceof ProviderUnavailable);
  });
});
