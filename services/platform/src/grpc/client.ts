import * as grpc from '@grpc/grpc-js';
import { PeerUnavailable } from '../errors.js';
import { currentRequestContext } from '../request-context.js';
import { fromServiceError } from './status.js';
import { grpcTarget } from './address.js';
import { channelCredentials, grpcTransport, type GrpcTlsFiles } from './tls.js';

type UnaryMethod<Req, Res> = (argument: Req, callback: grpc.requestCallback<Res>) => grpc.ClientUnaryCall;

/** The generated client's unary methods (the capitalised ones), as promise-returning functions. */
export type PromiseClient<C> = {
  [K in keyof C as K extends string ? (K extends Capitalize<K> ? K : never) : never]: C[K] extends UnaryMethod<
    infer Req,
    infer Res
  >
    ? (request: Req, options?: { deadlineMs?: number }) => Promise<Res>
    : never;
} & {
  close(): void;
  /** Resolves true once the channel to the peer is connected, false after `timeoutMs`. */
  waitReady(timeoutMs: number): Promise<boolean>;
};

// Transient failures are retried by grpc-js itself; money calls are safe to retry because
// every one carries an idempotency key. Calls are spread round robin over every address the
// target names (the replicas of a comma list, or every address a headless DNS name resolves to).
const SERVICE_CONFIG = JSON.stringify({
  loadBalancingConfig: [{ round_robin: {} }],
  methodConfig: [
    {
      name: [{}],
      retryPolicy: {
        maxAttempts: 3,
        initialBackoff: '0.1s',
        maxBackoff: '1s',
        backoffMultiplier: 2,
        retryableStatusCodes: ['UNAVAILABLE'],
      },
    },
  ],
});

export function createGrpcClient<C extends grpc.Client>(
  Client: new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ClientOptions) => C,
  address: string,
  defaultDeadlineMs: number,
  /** This part's certificates; default: this process's GRPC_TLS_* (none only in local mode). */
  tls: GrpcTlsFiles | undefined = grpcTransport().tls,
): PromiseClient<C> {
  const client = new Client(grpcTarget(address), channelCredentials(tls), {
    'grpc.service_config': SERVICE_CONFIG,
    'grpc.enable_retries': 1,
    // A restarted peer is found again within ~200 ms of it listening, not after grpc-js's default
    // backoff (1 s growing to 120 s), during which every call would fail with UNAVAILABLE.
    'grpc.initial_reconnect_backoff_ms': 100,
    'grpc.max_reconnect_backoff_ms': 200,
    // A name that resolves to every pod (the chart's headless Service) is looked up again when a
    // connection ends: at most once a second instead of grpc-js's 30 s, so a pod that replaced
    // another in a rollout is found at once (the ends come from a pod stopping, or from the
    // server's MAX_CONNECTION_AGE_MS).
    'grpc.dns_min_time_between_resolutions_ms': 1000,
    // Nothing reads channelz (grpc-js's introspection registry); on, it books every call.
    'grpc.enable_channelz': 0,
  });
  const target = client as unknown as Record<string, unknown>;
  return new Proxy({} as PromiseClient<C>, {
    get(_cache, property) {
      if (property === 'close') return () => client.close();
      if (property === 'waitReady') {
        return (timeoutMs: number) =>
          new Promise<boolean>((resolve) => client.waitForReady(Date.now() + timeoutMs, (error) => resolve(!error)));
      }
      if (typeof property !== 'string') return undefined;
      const method = target[property];
      if (typeof method !== 'function') return undefined;
      return (request: unknown, options?: { deadlineMs?: number }) =>
        new Promise((resolve, reject) => {
          const metadata = new grpc.Metadata();
          const context = currentRequestContext();
          if (context?.requestId) metadata.set('x-request-id', context.requestId);
          // Never wait longer than our own caller does: its deadline caps ours (deadline propagation).
          const own = Date.now() + (options?.deadlineMs ?? defaultDeadlineMs);
          const deadline = Math.min(own, context?.deadline ?? own);
          if (deadline <= Date.now()) {
            reject(new PeerUnavailable(`${property}: the caller's deadline already passed`));
            return;
          }
          (method as (...args: unknown[]) => unknown).call(
            client,
            request,
            metadata,
            { deadline },
            (error: grpc.ServiceError | null, response: unknown) => {
              if (error) reject(fromServiceError(error, property));
              else resolve(response);
            },
          );
        });
    },
  });
}
