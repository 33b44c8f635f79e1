import { addressInRanges, parseAddress } from './ip-allowlist.js';

/**
 * The caller's address. The socket peer is the client unless it is a trusted proxy; then the
 * X-Forwarded-For chain is read from the right (each proxy appends), skipping trusted proxies,
 * and the first untrusted entry is the client. Entries left of it are client-supplied and
 * could be forged, so they are never believed.
 */
export function resolveClientIp(
  socketAddress: string,
  forwardedFor: string | undefined,
  trustedProxies: readonly string[],
): string {
  const peer = normalised(socketAddress) ?? socketAddress;
  if (trustedProxies.length === 0 || !addressInRanges(peer, trustedProxies)) return peer;
  const chain = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  let client = peer;
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = normalised(chain[i]!);
    // A garbled hop ends the trust chain: the last proxy we believe is the best we know.
    if (!hop) return client;
    client = hop;
    if (!addressInRanges(hop, trustedProxies)) return hop;
  }
  return client;
}

function normalised(text: string): string | undefined {
  return parseAddress(text)?.toString();
}
