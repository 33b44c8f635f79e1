import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DomainError } from '@otp/platform';
import { applySettingsPatch, DEFAULT_SETTINGS, needsSenderId, parseSettingsPatch } from '../src/domain/settings.js';

function rejection(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof DomainError);
    assert.equal(error.code, 'INVALID_REQUEST_BODY');
    return error.message;
  }
  assert.fail('expected INVALID_REQUEST_BODY');
}

describe('verify settings', () => {
  it('defaults are the spec table', () => {
    assert.deepEqual(DEFAULT_SETTINGS, {
      enabled: true,
      channel: 'messenger',
      smsFallback: true,
      switchOnFailure: true,
      fallbackWaitSeconds: 60,
      codeLength: 6,
      expiryMinutes: 10,
      maxWrongCodes: 5,
      senderId: null,
      smsText: 'Your verification code is {code}',
      callbackUrl: null,
    });
  });

  it('names every out-of-range field as `field: reason`', () => {
    const message = rejection(() =>
      parseSettingsPatch({
        code_length: 9,
        expiry_minutes: 0,
        max_wrong_codes: 11,
        fallback_wait_seconds: 5,
        sms_text: 'no placeholder',
        channel: 'fax',
      }),
    );
    for (const field of [
      'code_length',
      'expiry_minutes',
      'max_wrong_codes',
      'fallback_wait_seconds',
      'sms_text',
      'channel',
    ]) {
      assert.match(message, new RegExp(`${field}: `));
    }
  });

  it('rejects unknown fields, long SMS text and non-http callbacks', () => {
    assert.match(
      rejection(() => parseSettingsPatch({ colour: 'red' })),
      /colour: unknown field/,
    );
    assert.match(
      rejection(() => parseSettingsPatch({ sms_text: `{code}${'x'.repeat(320)}` })),
      /sms_text: /,
    );
    assert.match(
      rejection(() => parseSettingsPatch({ callback_url: 'ftp://example.com/x' })),
      /callback_url: /,
    );
    assert.match(
      rejection(() => parseSettingsPatch({ sender_id: '12345' })),
      /sender_id: /,
    );
  });

  it('the fallback wait must stay below the expiry, checked on the merged result', () => {
    const short = applySettingsPatch(DEFAULT_SETTINGS, parseSettingsPatch({ expiry_minutes: 2 }));
    assert.equal(short.expiryMinutes, 2);
    assert.match(
      rejection(() => applySettingsPatch(short, parseSettingsPatch({ fallback_wait_seconds: 120 }))),
      /^fallback_wait_seconds: /,
    );
    assert.match(
      rejection(() => applySettingsPatch(DEFAULT_SETTINGS, parseSettingsPatch({ expiry_minutes: 1 }))),
      /^expiry_minutes: /,
    );
  });

  it('only the given fields change; null clears sender_id and callback_url', () => {
    const set = applySettingsPatch(
      DEFAULT_SETTINGS,
      parseSettingsPatch({ sender_id: 'Acme', callback_url: 'https://example.com/hook' }),
    );
    assert.equal(set.senderId, 'Acme');
    assert.equal(set.codeLength, 6);
    const cleared = applySettingsPatch(set, parseSettingsPatch({ sender_id: null, callback_url: null }));
    assert.equal(cleared.senderId, null);
    assert.equal(cleared.callbackUrl, null);
  });

  it('a sender ID is needed on the SMS channel or with SMS fallback on', () => {
    assert.equal(needsSenderId(DEFAULT_SETTINGS), true);
    assert.equal(needsSenderId({ channel: 'messenger', smsFallback: false }), false);
    assert.equal(needsSenderId({ channel: 'sms', smsFallback: false }), true);
  });
});
