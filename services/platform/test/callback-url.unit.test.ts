import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { checkCallbackUrl, isPublicAddress, type HostLookup } from '../src/net/callback-url.js';

describe('isPublicAddress', () => {
  const refused: [string, string][] = [
    ['127.0.0.1', 'IPv4 loopback'],
    ['127.255.255.254', 'IPv4 loopback, end of 127/8'],
    ['10.0.0.1', 'private 10/8'],
    ['10.255.255.255', 'private 10/8, last address'],
    ['172.16.0.1', 'private 172.16/12, first block'],
    ['172.31.255.255', 'private 172.16/12, last block'],
    ['192.168.1.1', 'private 192.168/16'],
    ['100.64.0.1', 'carrier-grade NAT 100.64/10'],
    ['100.127.255.254', 'carrier-grade NAT, end of range'],
    ['169.254.169.254', 'cloud metadata service (link-local)'],
    ['169.254.0.1', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast (SSDP)'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this-network 0/8'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved 240/4'],
    ['192.0.2.10', 'documentation TEST-NET-1'],
    ['198.18.0.1', 'benchmarking 198.18/15'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'unique local fc00::/7'],
    ['fd12:3456:789a::1', 'unique local fd00::/8'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with zone'],
    ['ff02::1', 'IPv6 multicast'],
    ['ff0e::1', 'IPv6 global-scope multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata service'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::192.168.0.1', 'IPv4-compatible private'],
    ['::ffff:0:10.0.0.1', 'SIIT (RFC 6145) private'],
    ['64:ff9b::7f00:1', 'NAT64 with embedded loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 with embedded metadata address'],
    ['64:ff9b:1::808:808', 'local-use NAT64 prefix'],
    ['2002:7f00:1::', '6to4 with embedded loopback'],
    ['2002:c0a8:101::1', '6to4 with embedded 192.168.1.1'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['[::1]', 'bracketed IPv6 loopback (URL host form)'],
    ['not-an-ip', 'not an address at all'],
    ['', 'empty'],
  ];
  for (const [ip, why] of refused) {
    it(`refuses ${ip || '(empty)'} (${why})`, () => assert.equal(isPublicAddress(ip), false));
  }

  const allowed: [string, string][] = [
    ['8.8.8.8', 'public IPv4'],
    ['1.1.1.1', 'public IPv4'],
    ['172.15.255.255', 'just below 172.16/12'],
    ['172.32.0.1', 'just above 172.16/12'],
    ['100.63.255.255', 'just below CGNAT'],
    ['100.128.0.1', 'just above CGNAT'],
    ['169.253.255.255', 'just below link-local'],
    ['2606:4700:4700::1111', 'public IPv6'],
    ['2a00:1450:4001:80b::200e', 'public IPv6'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
    ['64:ff9b::808:808', 'NAT64 with embedded public address'],
    ['2002:808:808::1', '6to4 with embedded public address'],
    ['[2606:4700:4700::1111]', 'bracketed public IPv6'],
  ];
  for (const [ip, why] of allowed) {
    it(`allows ${ip} (${why})`, () => assert.equal(isPublicAddress(ip), true));
  }
});

/** A resolver answering from a table, so the rules are tested without real DNS. */
function table(entries: Record<string, string[]>): HostLookup {
  return async (hostname) => {
    const addresses = entries[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const lookup = table({
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'internal.example.com': ['10.1.2.3'],
  'mixed.example.com': ['93.184.216.34', '192.168.0.10'],
  'v6-loopback.example.com': ['::1'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
  'empty.example.com': [],
});

describe('checkCallbackUrl', () => {
  const cases: { url: string; allowPrivate?: boolean; reason?: string }[] = [
    { url: 'https://hooks.example.com/otp' },
    { url: 'http://hooks.example.com:8443/otp?x=1' },
    { url: 'https://8.8.8.8/hook' },
    { url: 'https://[2606:4700:4700::1111]/hook' },
    { url: 'ftp://hooks.example.com/otp', reason: 'must be an http or https URL' },
    { url: 'javascript:alert(1)', reason: 'must be an http or https URL' },
    { url: 'file:///etc/passwd', reason: 'must be an http or https URL' },
    { url: 'not a url', reason: 'must be a valid URL' },
    { url: '/relative/path', reason: 'must be a valid URL' },
    { url: 'https://user:pass@hooks.example.com/', reason: 'must not contain credentials' },
    { url: 'https://user@hooks.example.com/', reason: 'must not contain credentials' },
    { url: `https://hooks.example.com/${'a'.repeat(2048)}`, reason: 'must be at most 2048 characters' },
    { url: 'http://127.0.0.1:8080/hook', reason: 'must not point to a private, loopback or link-local address' },
    { url: 'http://0x7f000001/hook', reason: 'must not point to a private, loopback or link-local address' },
    { url: 'http://2130706433/hook', reason: 'must not point to a private, loopback or link-local address' },
    {
      url: 'http://169.254.169.254/latest/meta-data',
      reason: 'must not point to a private, loopback or link-local address',
    },
    { url: 'http://[::1]/hook', reason: 'must not point to a private, loopback or link-local address' },
    { url: 'http://[::ffff:10.0.0.1]/hook', reason: 'must not point to a private, loopback or link-local address' },
    { url: 'http://[fe80::1]/hook', reason: 'must not point to a private, loopback or link-local address' },
    { url: 'https://internal.example.com/', reason: 'host resolves to a private, loopback or link-local address' },
    { url: 'https://mixed.example.com/', reason: 'host resolves to a private, loopback or link-local address' },
    { url: 'https://v6-loopback.example.com/', reason: 'host resolves to a private, loopback or link-local address' },
    { url: 'https://mapped.example.com/', reason: 'host resolves to a private, loopback or link-local address' },
    { url: 'https://metadata.example.com/', reason: 'host resolves to a private, loopback or link-local address' },
    { url: 'https://nowhere.example.com/', reason: 'host does not resolve' },
    { url: 'https://empty.example.com/', reason: 'host does not resolve' },
    // The local-run switch lifts the address rule, never the format rules.
    { url: 'http://127.0.0.1:8080/hook', allowPrivate: true },
    { url: 'https://internal.example.com/', allowPrivate: true },
    { url: 'ftp://127.0.0.1/', allowPrivate: true, reason: 'must be an http or https URL' },
    { url: 'http://u:p@127.0.0.1/', allowPrivate: true, reason: 'must not contain credentials' },
  ];
  for (const { url, allowPrivate = false, reason } of cases) {
    const label = url.length > 80 ? `${url.slice(0, 60)}... (${url.length} chars)` : url;
    it(`${reason ? 'refuses' : 'accepts'} ${label}${allowPrivate ? ' with private targets allowed' : ''}`, async () => {
      const result = await checkCallbackUrl(url, { allowPrivate, lookup });
      if (reason) assert.deepEqual(result, { ok: false, reason });
      else assert.equal(result.ok, true);
    });
  }

  it('accepts a URL of exactly 2048 characters', async () => {
    const base = 'https://hooks.example.com/';
    const result = await checkCallbackUrl(base + 'a'.repeat(2048 - base.length), { allowPrivate: false, lookup });
    assert.equal(result.ok, true);
  });
});
