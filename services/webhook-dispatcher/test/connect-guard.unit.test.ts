import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { describe, it } from '@jest/globals';
import type { HostLookup } from '@otp/platform';
import { guardedLookup, TargetRefusedError } from '../src/delivery/connect-guard.js';

type Answer = { error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };

function lookupOnce(
  resolve: HostLookup,
  hostname: string,
  options: { all?: boolean; family?: number } = {},
): Promise<Answer> {
  return new Promise((done) =>
    guardedLookup(resolve)(hostname, options, (error, address, family) => done({ error, address, family })),
  );
}

/** A resolver whose answers change from one call to the next (DNS rebinding). */
function rebinding(answers: string[][]): HostLookup {
  let call = 0;
  return async () => {
    const addresses = answers[Math.min(call++, answers.length - 1)]!;
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

describe('connect-time address guard', () => {
  it('rebinding: the same host answering public then private is refused on the second connect', async () => {
    const resolve = rebinding([['93.184.216.34'], ['127.0.0.1']]);
    const first = await lookupOnce(resolve, 'rebind.example.com');
    assert.equal(first.error, null);
    assert.equal(first.address, '93.184.216.34');
    const second = await lookupOnce(resolve, 'rebind.example.com');
    assert.ok(second.error instanceof TargetRefusedError);
  });

  it('one private address among public ones refuses the host', async () => {
    const { error } = await lookupOnce(rebinding([['93.184.216.34', '10.0.0.5']]), 'mixed.example.com', { all: true });
    assert.ok(error instanceof TargetRefusedError);
  });

  for (const address of [
    '169.254.169.254',
    '::1',
    '::ffff:127.0.0.1',
    'fd00::1',
    'fe80::1',
    '100.64.0.1',
    '224.0.0.1',
  ]) {
    it(`refuses a host resolving to ${address}`, async () => {
      const { error } = await lookupOnce(rebinding([[address]]), 'evil.example.com', { all: true });
      assert.ok(error instanceof TargetRefusedError);
    });
  }

  it('hands every public address to the socket when asked for all (happy eyeballs)', async () => {
    const answer = await lookupOnce(
      rebinding([['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']]),
      'ok.example.com',
      { all: true },
    );
    assert.equal(answer.error, null);
    assert.deepEqual(answer.address, [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ]);
  });

  it('honours a family restriction and reports a host without such addresses as not found', async () => {
    const resolve = rebinding([['93.184.216.34']]);
    const v4 = await lookupOnce(resolve, 'ok.example.com', { family: 4 });
    assert.deepEqual([v4.address, v4.family], ['93.184.216.34', 4]);
    const v6 = await lookupOnce(resolve, 'ok.example.com', { family: 6 });
    assert.equal(v6.error?.code, 'ENOTFOUND');
  });

  it('passes resolver errors through', async () => {
    const failing: HostLookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND gone.example.com'), { code: 'ENOTFOUND' });
    };
    const { error } = await lookupOnce(failing, 'gone.example.com');
    assert.equal(error?.code, 'ENOTFOUND');
  });
});
