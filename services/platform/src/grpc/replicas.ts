import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type * as grpc from '@grpc/grpc-js';
import { PeerUnavailable } from '../errors.js';
import { addressListParts, isAddressList } from './address.js';
import { createGrpcClient, type PromiseClient } from './client.js';

// Most calls go to any one replica of a peer (grpc-js spreads them round robin). A question about
// each replica's own state (the SMPP binds each sms replica holds) goes to every one of them:
// these are the replicas the peer address names, looked up again on every ask, so a replica that
// came or went since is seen.

/** `host:port` with IPv6 literals in brackets, as grpc-js's address lists take them. */
function hostPort(ip: string, port: string): string {
  return isIP(ip) === 6 ? `[${ip}]:${port}` : `${ip}:${port}`;
}

/**
 * Every replica `address` names: itself or each entry of a list of IP addresses, or every address a DNS name
 * resolves to (a Kubernetes headless service answers one per ready pod). PeerUnavailable when
 * the name does not resolve.
 */
export async function replicaAddresses(address: string): Promise<string[]> {
  // IP addresses (one, or a comma list; localhost included) name themselves.
  if (isAddressList(address)) return addressListParts(address);
  // Otherwise one host:port (the peer-address setting refuses a list of names).
  const entry = address.trim();
  const colon = entry.lastIndexOf(':');
  if (colon <= 0) throw new Error(`gRPC peer "${address}": expected host:port`);
  const host = entry.slice(0, colon);
  const port = entry.slice(colon + 1);
  let found: { address: string }[];
  try {
    found = await lookup(host, { all: true });
  } catch (error) {
    throw new PeerUnavailable(`${host} does not resolve: ${error instanceof Error ? error.message : String(error)}`);
  }
  // A headless Service with no ready pod may answer no address at all.
  if (found.length === 0) throw new PeerUnavailable(`${host} names no address`);
  return [...new Set(found.map((a) => hostPort(a.address, port)))];
}

/** One client per replica of a peer, kept while the replica is named and closed once it is not. */
export class ReplicaClients<C extends grpc.Client> {
  private readonly clients = new Map<string, PromiseClient<C>>();

  constructor(
    private readonly Client: new (
      address: string,
      credentials: grpc.ChannelCredentials,
      options?: grpc.ClientOptions,
    ) => C,
    private readonly address: string,
    private readonly deadlineMs: number,
  ) {}

  /** The replicas named now, each with its client. */
  async each(): Promise<{ address: string; client: PromiseClient<C> }[]> {
    const addresses = await replicaAddresses(this.address);
    for (const [address, client] of this.clients) {
      if (addresses.includes(address)) continue;
      client.close();
      this.clients.delete(address);
    }
    return addresses.map((address) => {
      let client = this.clients.get(address);
      if (!client) {
        client = createGrpcClient(this.Client, address, this.deadlineMs);
        this.clients.set(address, client);
      }
      return { address, client };
    });
  }

  close(): void {
    for (const client of this.clients.values()) client.close();
    this.clients.clear();
  }
}
