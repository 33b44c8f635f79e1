import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

// IPv4 clients reach a dual-stack socket as ::ffff:a.b.c.d; compare them as the IPv4 they are.
function unmapped(address: Address): Address {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

export function parseAddress(text: string): Address | undefined {
  const bare = text
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  return ipaddr.isValid(bare) ? unmapped(ipaddr.parse(bare)) : undefined;
}

/** "10.0.0.0/8", "2001:db8::/32", or a single address (a /32 or /128). */
export function parseRange(entry: string): Range | undefined {
  const text = entry.trim();
  if (text.includes('/')) {
    if (!ipaddr.isValidCIDR(text)) return undefined;
    const [address, bits] = ipaddr.parseCIDR(text);
    // ::ffff:10.0.0.0/104 means 10.0.0.0/8.
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
      return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
    }
    return [address, bits];
  }
  const address = parseAddress(text);
  return address ? [address, address.kind() === 'ipv4' ? 32 : 128] : undefined;
}

/** The entries that are not valid addresses or CIDRs (empty when all are). */
export function invalidRanges(entries: readonly string[]): string[] {
  return entries.filter((entry) => parseRange(entry) === undefined);
}

/** True when `ip` lies in one of `entries` (invalid entries match nothing). */
export function addressInRanges(ip: string, entries: readonly string[]): boolean {
  const address = parseAddress(ip);
  if (!address) return false;
  return entries.some((entry) => {
    const range = parseRange(entry);
    return range !== undefined && range[0].kind() === address.kind() && address.match(range);
  });
}

export interface IpAllowlist {
  enabled: boolean;
  cidrs: string[];
}

/** An allowlist that is off lets everyone in; one that is on lets in only its ranges. */
export function allowlistAdmits(allowlist: IpAllowlist, ip: string): boolean {
  return !allowlist.enabled || addressInRanges(ip, allowlist.cidrs);
}
