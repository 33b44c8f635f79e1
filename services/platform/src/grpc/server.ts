import * as grpc from '@grpc/grpc-js';
import { loadHealthProto } from '@otp/proto';
import type { HealthHandlers } from '@otp/proto';
import { databaseUnavailable } from '../db/unavailable.js';
import { DomainError, isDomainError } from '../errors.js';
import { recordRpc } from '../telemetry/metrics.js';
import type { Logger } from '../logging.js';
import { runWithRequestContext } from '../request-context.js';
import { AdmissionGate, type AdmissionLimits } from './admission.js';
import { databaseUnavailableStatus, grpcStatusFor, toServiceError } from './status.js';
import { grpcTransport, serverCredentials, type GrpcTransport } from './tls.js';

type AsyncUnary<H> =
  H extends grpc.handleUnaryCall<infer Req, infer Res>
    ? (request: Req, call: grpc.ServerUnaryCall<Req, Res>) => Promise<Res>
    : never;

/** The name of a gRPC status (`OK`, `FAILED_PRECONDITION`), as the RPC metric labels it. */
function statusName(code: grpc.status): string {
  return grpc.status[code] ?? String(code);
}

/** Handlers written as async functions: a DomainError becomes a status plus domain code. */
export type AsyncHandlers<H> = { [K in keyof H]: AsyncUnary<H[K]> };

/** The incoming call's deadline in ms since the epoch, or undefined when the caller set none. */
function deadlineOf(call: grpc.ServerUnaryCall<unknown, unknown>): number | undefined {
  const deadline = call.getDeadline();
  const ms = deadline instanceof Date ? deadline.getTime() : deadline;
  return Number.isFinite(ms) ? ms : undefined;
}

export function implement<H>(logger: Logger, handlers: AsyncHandlers<H>): H {
  const wrapped: Record<string, grpc.handleUnaryCall<unknown, unknown>> = {};
  for (const [name, handler] of Object.entries(handlers) as [string, AsyncUnary<unknown>][]) {
    const run = handler as unknown as (
      request: unknown,
      call: grpc.ServerUnaryCall<unknown, unknown>,
    ) => Promise<unknown>;
    wrapped[name] = (call, callback) => {
      const requestId = String(call.metadata.get('x-request-id')[0] ?? '');
      // `otp.billing.v1.Billing/Hold`: the method as the RPC conventions name it.
      const method = call.getPath().slice(1);
      const deadline = deadlineOf(call);
      // Carry the edge's request id into this service's log lines.
      const started = process.hrtime.bigint();
      const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
      runWithRequestContext({ requestId, ...(deadline === undefined ? {} : { deadline }) }, () => {
        run(call.request, call).then(
          (response) => {
            recordRpc(method, 'OK', undefined, seconds());
            callback(null, response);
          },
          (error: unknown) => {
            if (isDomainError(error)) {
              recordRpc(method, statusName(grpcStatusFor(error.code)), error.code, seconds());
              return callback(toServiceError(error));
            }
            if (databaseUnavailable(error)) {
              recordRpc(method, 'UNAVAILABLE', 'DATABASE_UNAVAILABLE', seconds());
              logger.warn({ err: error, rpc: name }, 'rpc failed: database unavailable');
              return callback(databaseUnavailableStatus());
            }
            recordRpc(method, 'INTERNAL', error instanceof Error ? error.name : 'Error', seconds());
            logger.error({ err: error, rpc: name }, 'rpc failed');
            callback({ code: grpc.status.INTERNAL, details: 'internal error' });
          },
        );
      });
    };
  }
  return wrapped as unknown as H;
}

export interface ServiceRegistration {
  /** Name reported by the health service, e.g. "otp.billing.v1.Billing". */
  name: string;
  definition: grpc.ServiceDefinition;
  implementation: grpc.UntypedServiceImplementation;
}

export interface RunningGrpcServer {
  port: number;
  /** Marks every registered service (and "") SERVING or NOT_SERVING for health checks. */
  setServing(serving: boolean): void;
  /** Stops taking new calls, lets in-flight ones finish (bounded by the caller's grace timer). */
  stop(): Promise<void>;
}

type ServingStatus = 'SERVING' | 'NOT_SERVING';

function healthService(statuses: Map<string, ServingStatus>): grpc.UntypedServiceImplementation {
  const handlers: HealthHandlers = {
    Check(call, callback) {
      const current = statuses.get(call.request.service);
      if (!current) return callback({ code: grpc.status.NOT_FOUND, details: 'unknown service' });
      callback(null, { status: current });
    },
    Watch(call) {
      // Watch streams the current status once; probes use Check.
      call.write({ status: statuses.get(call.request.service) ?? 'SERVICE_UNKNOWN' });
      call.end();
    },
  };
  return handlers;
}

/**
 * Puts every unary handler of `implementation` behind the gate. A call that is not admitted in time
 * is answered SERVICE_UNAVAILABLE before its handler runs, so it did nothing and the caller may
 * retry it (the gateway answers 503 with Retry-After). Health checks are never gated.
 */
function gated(
  implementation: grpc.UntypedServiceImplementation,
  gate: AdmissionGate,
): grpc.UntypedServiceImplementation {
  const wrapped: grpc.UntypedServiceImplementation = {};
  for (const [name, handler] of Object.entries(implementation)) {
    const unary = handler as grpc.handleUnaryCall<unknown, unknown>;
    wrapped[name] = ((call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      const run = (release: () => void) =>
        unary(call, (error, value) => {
          release();
          callback(error, value);
        });
      const now = gate.tryEnter();
      if (now) {
        run(now);
        return;
      }
      void gate.enter(deadlineOf(call)).then((release) => {
        if (!release) {
          recordRpc(call.getPath().slice(1), 'UNAVAILABLE', 'SERVICE_UNAVAILABLE', 0);
          callback(toServiceError(new DomainError('SERVICE_UNAVAILABLE', `${name}: the service is at capacity`)));
          return;
        }
        run(release);
      });
    }) as grpc.UntypedHandleCall;
  }
  return wrapped;
}

/** Defaults of RPC_MAX_IN_FLIGHT and RPC_QUEUE_MS (platform config). */
export const DEFAULT_ADMISSION: AdmissionLimits = { maxInFlight: 128, queueMs: 500 };

/** How long a client keeps one connection to a replica before it reconnects (and resolves again). */
export const MAX_CONNECTION_AGE_MS = 5 * 60_000;
/** What a call in flight on a connection being closed still gets: far longer than a call's deadline (GRPC_DEADLINE_MS, 5 s by default). */
export const MAX_CONNECTION_AGE_GRACE_MS = 60_000;

export async function startGrpcServer(options: {
  host: string;
  port: number;
  services: ServiceRegistration[];
  /** Bounded in-flight calls per process, with a short queue (see AdmissionGate). */
  admission?: AdmissionLimits;
  /** How long a client's connection lives (MAX_CONNECTION_AGE_MS; shorter in tests). */
  connectionAgeMs?: number;
  /** Certificates and health port; default: this process's GRPC_TLS_* and GRPC_HEALTH_PORT. */
  transport?: GrpcTransport;
}): Promise<RunningGrpcServer> {
  const transport = options.transport ?? grpcTransport();
  const server = new grpc.Server({
    'grpc.max_receive_message_length': 4 * 1024 * 1024,
    // Nothing reads channelz (grpc-js's introspection registry); on, it books every call.
    'grpc.enable_channelz': 0,
    // A client resolves a peer's name again only when a connection ends: closing each one after
    // a while (calls in flight get the grace) lets clients find replicas started since, such as
    // pods an autoscaler added behind the chart's headless Service.
    'grpc.max_connection_age_ms': options.connectionAgeMs ?? MAX_CONNECTION_AGE_MS,
    'grpc.max_connection_age_grace_ms': MAX_CONNECTION_AGE_GRACE_MS,
  });
  const statuses = new Map<string, ServingStatus>();
  const names = ['', ...options.services.map((service) => service.name)];
  for (const name of names) statuses.set(name, 'NOT_SERVING');
  const gate = new AdmissionGate(options.admission ?? DEFAULT_ADMISSION);
  for (const service of options.services) server.addService(service.definition, gated(service.implementation, gate));
  const health = loadHealthProto().grpc.health.v1.Health.service;
  server.addService(health, healthService(statuses));
  const bind = (target: grpc.Server, port: number, credentials: grpc.ServerCredentials) =>
    new Promise<number>((resolve, reject) => {
      target.bindAsync(`${options.host}:${port}`, credentials, (error, bound) =>
        error ? reject(error) : resolve(bound),
      );
    });
  const port = await bind(server, options.port, serverCredentials(transport.tls));
  // The kubelet's gRPC probe speaks no TLS: health status alone, plaintext, on a port of its own.
  const probes = transport.healthPort === undefined ? undefined : new grpc.Server({ 'grpc.enable_channelz': 0 });
  if (probes) {
    probes.addService(health, healthService(statuses));
    await bind(probes, transport.healthPort!, grpc.ServerCredentials.createInsecure());
  }

  return {
    port,
    setServing(serving) {
      for (const name of names) statuses.set(name, serving ? 'SERVING' : 'NOT_SERVING');
    },
    stop: async () => {
      await Promise.all(
        [server, probes].map((target) => target && new Promise<void>((resolve) => target.tryShutdown(() => resolve()))),
      );
    },
  };
}

/**
 * Reports SERVING only once every peer this service calls can be reached, so a readiness probe
 * fails until then; waits (logging who is missing) rather than giving up.
 */
export async function serveWhenPeersReady(
  server: RunningGrpcServer,
  peers: Record<string, { waitReady(timeoutMs: number): Promise<boolean> }>,
  logger: Logger,
): Promise<void> {
  for (;;) {
    const states = await Promise.all(
      Object.entries(peers).map(async ([name, peer]) => [name, await peer.waitReady(2000)] as const),
    );
    const missing = states.filter(([, ready]) => !ready).map(([name]) => name);
    if (missing.length === 0) break;
    logger.warn({ missing }, 'waiting for peers before reporting ready');
  }
  server.setServing(true);
}
