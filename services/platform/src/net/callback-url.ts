import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

// Customer callback URLs are fetched by our servers, so a URL that points inside our network
// (loopback, private ranges, the cloud metadata service at 169.254.169.254, ...) would let a
// customer make us call our own infrastructure (SSRF). The gateway checks a URL when it is given;
// the webhook dispatcher checks every resolved address again when it connects (DNS may change).

export const CALLBACK_URL_MAX_LENGTH = 2048;

/** An address a host name resolved to (the shape of `dns.lookup(..., {all: true})`). */
export interface ResolvedAddress {
  address: string;
  family: number;
}

export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export type CallbackUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** Every address of `hostname`, as the operating system's resolver returns them. */
export const systemLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function isPublicIPv4(address: ipaddr.IPv4): boolean {
  // Only plain unicast is public: private, loopback, link-local (metadata service), CGNAT,
  // multicast, broadcast, unspecified and the reserved/documentation ranges are all refused.
  return address.range() === 'unicast';
}

function ipv4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * IPv6 forms that carry an IPv4 address a packet may end up at: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), SIIT (::ffff:0:a.b.c.d), well-known NAT64 (64:ff9b::a.b.c.d) and
 * 6to4 (2002:AABB:CCDD::). They are judged by that IPv4 address.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = address.parts;
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return ipv4FromParts(p[6]!, p[7]!);
  if (range === 'rfc6052' && p[2] === 0) return ipv4FromParts(p[6]!, p[7]!); // 64:ff9b::/96 only
  if (range === '6to4') return ipv4FromParts(p[1]!, p[2]!);
  const compatible = p.slice(0, 6).every((part) => part === 0) && (p[6] !== 0 || p[7]! > 1);
  return compatible ? ipv4FromParts(p[6]!, p[7]!) : undefined;
}

/** True when `ip` is an address on the public internet, safe for us to connect to. */
export function isPublicAddress(ip: string): boolean {
  const literal = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(literal)) return false;
  const address = ipaddr.parse(literal);
  if (address.kind() === 'ipv4') return isPublicIPv4(address as ipaddr.IPv4);
  const v6 = address as ipaddr.IPv6;
  const inner = embeddedIPv4(v6);
  if (inner) return isPublicIPv4(inner);
  // Everything else that is not global unicast: ::, ::1, fc00::/7, fe80::/10, ff00::/8, the
  // local-use NAT64 prefix 64:ff9b:1::/48, Teredo, documentation and other reserved ranges.
  return v6.range() === 'unicast';
}

/** Format rules only (no DNS): scheme, length, no credentials. Returns the reason, or undefined. */
export function callbackUrlFormatProblem(raw: string): string | undefined {
  if (raw.length > CALLBACK_URL_MAX_LENGTH) return `must be at most ${CALLBACK_URL_MAX_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
  if (url.username || url.password) return 'must not contain credentials';
  if (!url.hostname) return 'must name a host';
  return undefined;
}

/**
 * Checks a callback URL: the format rules, then that its host is (or resolves only to) public
 * addresses. `allowPrivate` (local runs) skips the address rule but not the format rules.
 */
export async function checkCallbackUrl(
  raw: string,
  options: { allowPrivate: boolean; lookup?: HostLookup },
): Promise<CallbackUrlCheck> {
  const problem = callbackUrlFormatProblem(raw);
  if (problem) return { ok: false, reason: problem };
  const url = new URL(raw);
  if (options.allowPrivate) return { ok: true, url };
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (ipaddr.isValid(host)) {
    return isPublicAddress(host)
      ? { ok: true, url }
      : { ok: false, reason: 'must not point to a private, loopback or link-local address' };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await (options.lookup ?? systemLookup)(host);
  } catch {
    return { ok: false, reason: 'host does not resolve' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'host does not resolve' };
  // Every address must be public: a resolver may hand out any of them at connect time.
  if (!addresses.every((entry) => isPublicAddress(entry.address))) {
    return { ok: false, reason: 'host resolves to a private, loopback or link-local address' };
  }
  return { ok: true, url };
}
