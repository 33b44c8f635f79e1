import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { REQUEST_COST_CENTS, VerificationRequests } from '../src/messenger-provider/requests.js';
import { ProviderUsage } from '../src/messenger-provider/usage.js';

// The simulated provider keeps the documented provider's rules: what it bills the operator, and a
// message the user already has cannot be revoked.

describe('sandbox messenger provider', () => {
  it('a delivered or read message cannot be revoked; one still on its way can', () => {
    const requests = new VerificationRequests();
    const send = (phone: string) => {
      const request = requests.create(phone);
      requests.markSent(request, { code: '1234', ttlSeconds: 60 });
      return request;
    };
    const delivered = send('+447700900100');
    requests.setDelivery(delivered, 'delivered');
    assert.equal(requests.setDelivery(delivered, 'revoked'), false);
    assert.equal(requests.status(delivered).delivery_status?.status, 'delivered');

    const read = send('+447700900101');
    requests.setDelivery(read, 'read');
    assert.equal(requests.setDelivery(read, 'revoked'), false);
    assert.equal(requests.status(read).delivery_status?.status, 'read');

    const sent = send('+447700900102');
    assert.equal(requests.setDelivery(sent, 'revoked'), true);
    assert.equal(requests.status(sent).delivery_status?.status, 'revoked');
  });

  it('the usage tally counts calls and charges per number', () => {
    const usage = new ProviderUsage(REQUEST_COST_CENTS);
    usage.call('+447700900100', 'checkSendAbility');
    usage.charge('+447700900100');
    usage.call('+447700900100', 'sendVerificationMessage');
    assert.deepEqual(usage.of('+447700900100'), {
      to: '+447700900100',
      calls: {
        checkSendAbility: 1,
        sendVerificationMessage: 1,
        checkVerificationStatus: 0,
        revokeVerificationMessage: 0,
      },
      charged_cents: 1,
    });
    assert.equal(usage.of('+447700900199').charged_cents, 0);
    usage.clear();
    assert.equal(usage.of('+447700900100').calls.checkSendAbility, 0);
  });
});
