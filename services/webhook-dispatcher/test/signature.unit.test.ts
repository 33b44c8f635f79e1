import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { newSigningSecret, signatureHeader, webhookHeaders } from '../src/domain/signature.js';

const body = JSON.stringify({
  id: 'evt_1',
  type: 'sms.sent',
  created_at: '2026-11-21T00:00:00.000Z',
  project_id: 'p1',
  data: { metadata: { order: 7 } },
});

describe('Standard Webhooks signing', () => {
  it('new secrets are whsec_ plus 24 random bytes in base64', () => {
    const secret = newSigningSecret();
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{32}$/);
    assert.notEqual(newSigningSecret(), secret);
  });

  it('the standardwebhooks library verifies what we sign', () => {
    const secret = newSigningSecret();
    const now = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders([secret], 'evt_1', now, body);
    assert.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body));
  });

  it('during a rotation both the old and the new secret verify the same delivery', () => {
    const [current, previous] = [newSigningSecret(), newSigningSecret()];
    const now = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders([current, previous], 'evt_2', now, body);
    assert.equal(headers['webhook-signature']!.split(' ').length, 2);
    assert.doesNotThrow(() => new Webhook(current).verify(body, headers));
    assert.doesNotThrow(() => new Webhook(previous).verify(body, headers));
    assert.throws(() => new Webhook(newSigningSecret()).verify(body, headers));
  });

  it('a changed body, id or timestamp fails verification', () => {
    const secret = newSigningSecret();
    const now = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders([secret], 'evt_3', now, body);
    const hook = new Webhook(secret);
    assert.throws(() => hook.verify(body.replace('7', '8'), headers));
    assert.throws(() => hook.verify(body, { ...headers, 'webhook-id': 'evt_4' }));
    assert.throws(() => hook.verify(body, { ...headers, 'webhook-timestamp': String(now + 1) }));
  });

  it('matches the Standard Webhooks reference vector', () => {
    // From the specification's test suite (msg_p5jXN8AQM9LWM0D4loKWxJek, timestamp 1614265330).
    const signature = signatureHeader(
      ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      '{"test": 2432232314}',
    );
    assert.equal(signature, 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});
