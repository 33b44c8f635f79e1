import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress, systemLookup, type HostLookup } from '@otp/platform';
import { Agent, buildConnector } from 'undici';

// The address rule again, at the moment of connecting: the gateway checked the URL when it was
// given, but DNS can answer differently now (rebinding), so every address the resolver returns
// for this connection is checked, and the socket only ever goes to an address that passed.

export class TargetRefusedError extends Error {
  override readonly name = 'TargetRefusedError';
  readonly code = 'ERR_TARGET_REFUSED';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `net.connect` lookup that resolves with `resolve` and refuses any non-public answer. */
export function guardedLookup(resolve: HostLookup = systemLookup): LookupFunction {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    resolve(hostname).then(
      (all) => {
        const addresses =
          options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
        const first = addresses[0];
        if (!first) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
          return;
        }
        // One private answer refuses the host: the resolver may hand out any of them next time.
        if (!addresses.every((a) => isPublicAddress(a.address))) {
          callback(new TargetRefusedError(`${hostname} resolves to a non-public address`), '');
          return;
        }
        if (options.all)
          callback(
            null,
            addresses.map(({ address, family }) => ({ address, family })),
          );
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/**
 * The HTTP agent for callback POSTs. Unless private targets are allowed, IP-literal hosts are
 * checked before connecting (no lookup happens for them) and host names through guardedLookup.
 */
export function deliveryAgent(options: {
  allowPrivate: boolean;
  connectTimeoutMs: number;
  resolve?: HostLookup;
}): Agent {
  if (options.allowPrivate) return new Agent({ connect: { timeout: options.connectTimeoutMs } });
  const connect = buildConnector({ timeout: options.connectTimeoutMs, lookup: guardedLookup(options.resolve) });
  return new Agent({
    connect: (target, callback) => {
      const host = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
      if (isIP(host) !== 0 && !isPublicAddress(host)) {
        callback(new TargetRefusedError(`${host} is not a public address`), null);
        return;
      }
      connect(target, callback);
    },
  });
}
