// Peer addresses as the services' config gives them: one `host:port` or a comma list of replicas.

const IPV4_PORT = /^\d{1,3}(\.\d{1,3}){3}:\d+$/;
const IPV6_PORT = /^\[[0-9a-fA-F:.]+\]:\d+$/;

/**
 * The grpc-js target for `host:port` or a comma list of them. One address is used as is (a DNS
 * name may resolve to several replicas). A list becomes grpc-js's `ipv4:`/`ipv6:` address list,
 * which takes IP literals only; `localhost` counts as 127.0.0.1.
 */
export function grpcTarget(address: string): string {
  const parts = addressListParts(address);
  if (parts.length <= 1) return address.trim();
  if (parts.every((part) => IPV4_PORT.test(part))) return `ipv4:${parts.join(',')}`;
  if (parts.every((part) => IPV6_PORT.test(part))) return `ipv6:${parts.join(',')}`;
  throw new Error(
    `gRPC peer list "${address}": a comma list takes IP addresses of one family only; use one DNS name for replicas behind a name`,
  );
}

/** True when `address` is a comma list grpcTarget can turn into an address list. */
export function isAddressList(address: string): boolean {
  const parts = addressListParts(address);
  return parts.every((part) => IPV4_PORT.test(part)) || parts.every((part) => IPV6_PORT.test(part));
}

/** The entries of a comma list of `host:port` (one entry for a single address); `localhost` is 127.0.0.1. */
export function addressListParts(address: string): string[] {
  return address
    .split(',')
    .map((part) => part.trim().replace(/^localhost:/, '127.0.0.1:'))
    .filter((part) => part.length > 0);
}
