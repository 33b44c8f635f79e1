import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { startHoldCents } from '../src/domain/first-send.js';
import { attemptCost, refundsFee, verificationCost } from '../src/domain/settlement.js';
import { maskedSmsText, renderSmsText } from '../src/domain/sms-text.js';
import { CodeVault } from '../src/secrets/code-vault.js';

describe('settlement rules', () => {
  it('the fee is refunded only when nothing was delivered and the verification did not approve', () => {
    assert.equal(refundsFee({ status: 'failed', delivered: false }), true);
    assert.equal(refundsFee({ status: 'expired', delivered: false }), true);
    assert.equal(refundsFee({ status: 'expired', delivered: true }), false);
    assert.equal(refundsFee({ status: 'approved', delivered: false }), false);
    assert.equal(refundsFee({ status: 'pending', delivered: false }), false);
  });

  it('cost = fee (unless refunded) + each send; refunded sends and failed SMS count 0.00', () => {
    const attempts = [
      { sid: 'TG1', channel: 'messenger' as const, status: 'failed', costCents: 0 },
      { sid: 'SM1', channel: 'sms' as const, status: 'sent', costCents: 4 },
    ];
    assert.equal(verificationCost({ feeCents: 2, feeRefunded: false, attempts }), 6);
    assert.equal(
      verificationCost({ feeCents: 2, feeRefunded: true, attempts: [{ ...attempts[1]!, status: 'failed' }] }),
      0,
    );
    assert.equal(attemptCost({ sid: 'SM2', channel: 'sms', status: 'enqueue_failed', costCents: 4 }), 0);
  });

  it('the start hold covers the fee and the first send on the configured channel', () => {
    const prices = { feeCents: 2, messengerCents: 2, smsCents: 10 };
    assert.equal(startHoldCents(prices, 'messenger'), 4);
    assert.equal(startHoldCents(prices, 'sms'), 12);
  });

  it('SMS text: every {code} replaced; the shown text has every code masked', () => {
    assert.equal(renderSmsText('{code} is your code ({code})', '1234'), '1234 is your code (1234)');
    assert.equal(maskedSmsText('{code} is your code ({code})', 4), '**** is your code (****)');
  });
});

describe('code vault', () => {
  const vault = new CodeVault(randomBytes(32));

  it('codes have the configured length and only digits', () => {
    for (const length of [4, 6, 8]) assert.match(CodeVault.generate(length), new RegExp(`^\\d{${length}}$`));
  });

  it('the HMAC matches the right code only, and only for its own verification', () => {
    const mac = vault.mac('VE1', '123456');
    assert.equal(vault.matches('VE1', '123456', mac), true);
    assert.equal(vault.matches('VE1', '123457', mac), false);
    assert.equal(vault.matches('VE2', '123456', mac), false);
  });

  it('a sealed code opens for its own verification and is not readable at rest', () => {
    const sealed = vault.seal('VE1', '0042');
    assert.equal(vault.open('VE1', sealed), '0042');
    assert.equal(sealed.includes(Buffer.from('0042')), false);
    assert.throws(() => vault.open('VE2', sealed));
  });
});
