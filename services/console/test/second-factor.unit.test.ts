import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { generate, generateSecret } from 'otplib';
import {
  newRecoveryCode,
  PENDING_SIGN_IN_TTL_MS,
  pendingSignInToken,
  pendingSignInUser,
  presentedCode,
  recoveryCodeHash,
  secondFactorRequired,
  stepAccepted,
} from '../src/domain/second-factor.js';

describe('second factor rules', () => {
  it('accepts a TOTP step once: only a step after the last one used', () => {
    assert.equal(stepAccepted(null, 100), true);
    assert.equal(stepAccepted(99, 100), true);
    assert.equal(stepAccepted(100, 100), false, 'the same step again is a replay');
    assert.equal(stepAccepted(101, 100), false, 'an older step after a newer one is a replay too');
  });

  it('requires a second factor of operators only', () => {
    assert.equal(secondFactorRequired({ isOperator: true }), true);
    assert.equal(secondFactorRequired({ isOperator: false }), false);
  });

  it('makes recovery codes of 4 groups of 4 unambiguous letters, each different', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) assert.match(code, /^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/);
    assert.equal(new Set(codes).size, codes.length);
  });

  it('tells a TOTP code from a recovery code, as typed (spaces, dashes, capitals)', () => {
    assert.deepEqual(presentedCode(' 123 456 '), { kind: 'totp', code: '123456' });
    const code = newRecoveryCode();
    assert.deepEqual(presentedCode(code.toUpperCase().replaceAll('-', ' ')), {
      kind: 'recovery',
      code: code.replaceAll('-', ''),
    });
    for (const wrong of ['12345', '1234567', 'abcd-efgh', 'abcd-efgh-ijkl-mnop', '']) {
      assert.deepEqual(presentedCode(wrong), { kind: 'invalid' }, wrong);
    }
  });

  it('stores a recovery code as a hash that any typing of it matches, never the code', () => {
    const code = newRecoveryCode();
    const hash = recoveryCodeHash(code);
    assert.match(hash, /^[0-9a-f]{64}$/);
    assert.ok(!hash.includes(code.replaceAll('-', '')));
    assert.equal(recoveryCodeHash(code.toUpperCase()), hash);
    assert.equal(recoveryCodeHash(code.replaceAll('-', '')), hash);
    assert.notEqual(recoveryCodeHash(newRecoveryCode()), hash);
  });

  it('binds a pending sign-in to its user, its key and its expiry', () => {
    const key = randomBytes(32);
    const now = new Date();
    const token = pendingSignInToken(key, 'user-1', new Date(now.getTime() + PENDING_SIGN_IN_TTL_MS));
    assert.equal(pendingSignInUser(key, token, now), 'user-1');
    assert.equal(pendingSignInUser(randomBytes(32), token, now), undefined, 'another key');
    assert.equal(pendingSignInUser(key, token, new Date(now.getTime() + PENDING_SIGN_IN_TTL_MS + 1)), undefined);
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 'user-2', e: now.getTime() + 60_000 })).toString('base64url');
    assert.equal(pendingSignInUser(key, `${forged}.${signature}`, now), undefined, 'another user, same signature');
    assert.equal(pendingSignInUser(key, `${payload}.`, now), undefined);
    assert.equal(pendingSignInUser(key, 'garbage', now), undefined);
  });

  it('generates codes an authenticator would (otplib, 6 digits)', async () => {
    const code = await generate({ secret: generateSecret() });
    assert.deepEqual(presentedCode(code), { kind: 'totp', code });
  });
});
