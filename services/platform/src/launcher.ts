import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BUS_GRANTS, NATS_PROVISIONER } from './bus/permissions.js';
import type { NatsUsers } from './bus/local-nats.js';
import { LOCAL_GRPC_PORTS } from './config.js';
import { localCertificates } from './grpc/local-certificates.js';
import type { GrpcTlsFiles } from './grpc/tls.js';
import { partDatabaseUrl } from './db/roles.js';
import { PARTS, type PartName } from './parts.js';
import { LOCAL_SECRET_KEYS } from './secrets/sealed-box.js';

// Starts the platform's processes on one machine: `npm start` and the integration suites use it.
// Each service logs one line {"msg":"ready","ports":{...}} once it serves; the launcher waits for
// it and reads the bound ports from it, so tests can ask for port 0 everywhere.

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export { startLocalNats, type LocalNats, type NatsUsers } from './bus/local-nats.js';

/** A part of the platform (parts.ts, the one list of them). */
export type ServiceName = PartName;

/** Start order: a service starts after the ones it calls. */
export const START_ORDER: ServiceName[] = PARTS.map((part) => part.name);

/** Services that own a database schema (migrated before start). */
export const SCHEMAS: Partial<Record<ServiceName, string>> = Object.fromEntries(
  PARTS.flatMap((part) => (part.schema === null ? [] : [[part.name, part.schema]])),
);

export function serviceDir(name: ServiceName): string {
  return path.join(REPO_ROOT, 'services', name);
}

export function isBuilt(name: ServiceName): boolean {
  return existsSync(path.join(serviceDir(name), 'dist', 'main.js'));
}

/**
 * Migrates the schemas of every built service (or `only` these) into `url`, side by side, as its
 * user (the owner), and gives each part its role (`otp_<schema>`, no password: a local Postgres).
 */
export async function migrateAll(url: string, only?: ServiceName[]): Promise<void> {
  const { ensureDatabase, migrateService } = await import('./db/postgres.js');
  await ensureDatabase(url);
  const owners = (Object.entries(SCHEMAS) as [ServiceName, string][]).filter(
    ([name]) => isBuilt(name) && (!only || only.includes(name)),
  );
  await Promise.all(owners.map(([name, schema]) => migrateService(serviceDir(name), url, schema)));
}

export interface RunningService {
  name: ServiceName;
  ports: Record<string, number>;
  process: ChildProcess;
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
  /** Every line the service logged so far. */
  lines: string[];
}

export async function startService(
  name: ServiceName,
  env: Record<string, string>,
  options: { onLine?: (name: ServiceName, line: string) => void; readyTimeoutMs?: number } = {},
): Promise<RunningService> {
  const child = spawn(
    process.execPath,
    // No --enable-source-maps: it keeps every module's map in memory (about 12 MB a process).
    // NODE_OPTIONS=--enable-source-maps turns it on for a debugging session.
    ['--import', '@otp/platform/telemetry/register', path.join(serviceDir(name), 'dist', 'main.js')],
    { cwd: serviceDir(name), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const ready = new Promise<Record<string, number>>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(`${name} not ready after ${options.readyTimeoutMs ?? 30000} ms:\n${lines.slice(-20).join('\n')}`),
        ),
      options.readyTimeoutMs ?? 30000,
    );
    const read = (stream: NodeJS.ReadableStream) =>
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        if (lines.length > 5000) lines.shift();
        options.onLine?.(name, line);
        if (!line.startsWith('{')) return;
        try {
          const record = JSON.parse(line) as { msg?: string; ports?: Record<string, number> };
          if (record.msg === 'ready') {
            clearTimeout(timer);
            resolve(record.ports ?? {});
          }
        } catch {
          // not a log record
        }
      });
    read(child.stdout!);
    read(child.stderr!);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it was ready:\n${lines.slice(-30).join('\n')}`));
    });
  });

  const ports = await ready.catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited;
    throw error;
  });
  return {
    name,
    ports,
    process: child,
    lines,
    exited,
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

// Ports for the processes a launcher starts come from below Linux's ephemeral range (32768-60999
// by default), where the kernel never picks the local port of an outgoing connection: a port
// found free here stays free until the service binds it, however many connections open
// meanwhile. (Bound to 0, a port came from the ephemeral range and an outgoing connection could
// take it first: EADDRINUSE at start under load.) Never the same port twice in one process.
const PORT_RANGE = { from: 20000, to: 32000 };
const handedOut = new Set<number>();

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port that was free a moment ago and that no outgoing connection can take meanwhile. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await bindable(port)) return port;
  }
}

export interface PlatformPorts {
  gateway: number;
  admin: number;
  sandboxHttp: number;
  smpp: number;
  billing: number;
  sms: number;
  messenger: number;
  verify: number;
  webhooks: number;
  guard: number;
  /** The console (web app + its JSON routes). */
  console: number;
  /** The console's admin route (`POST /admin/v1/users`, the admin token). */
  consoleAdmin: number;
}

/** The ports of the local run (docs/configuration.md). */
export const LOCAL_PORTS: PlatformPorts = {
  gateway: 8080,
  admin: 8081,
  sandboxHttp: 4010,
  smpp: 2775,
  ...LOCAL_GRPC_PORTS,
  console: 8090,
  consoleAdmin: 8091,
};

export interface PlatformOptions {
  /** The owner's URL (as migrated); each part connects with its own role on it. */
  databaseUrl: string;
  natsUrl: string;
  /**
   * The NATS users (local-nats.ts): each part that uses the bus connects as its own, the streams
   * are provisioned as the provisioner. Empty or absent: a NATS without users.
   */
  natsUsers?: NatsUsers;
  /** Fixed ports (local run) of the first replica; missing ones get a free port. */
  ports?: Partial<PlatformPorts>;
  adminToken: string;
  /** Local mode: loopback/private callback URLs allowed (never in production). */
  allowPrivateCallbacks: boolean;
  /** Which services to start (default: every one that is built), in START_ORDER. */
  only?: ServiceName[];
  /**
   * Processes per service (default 1), all on one database and one NATS. Each replica has its
   * own ports; gRPC peers get the comma list of every replica's address (round robin). The
   * sandbox (the carrier and provider simulators) always runs once.
   */
  replicas?: number;
  /** Extra or overriding variables per service (tests: short retry delays, ...). */
  env?: Partial<Record<ServiceName, Record<string, string>>>;
  logLevel?: string;
  onLine?: (name: ServiceName, line: string) => void;
  /**
   * Where the local CA and each part's gRPC certificate are kept (made when missing or about to
   * expire). Default: a folder of this process under the system's temp folder.
   */
  grpcTlsDir?: string;
}

/** Whose certificate the launching process (a suite, a tool) presents when it calls a part. */
export const LAUNCHER_IDENTITY = 'launcher';

export interface RunningPlatform {
  /** The first replica's ports (the sandbox's are shared by all). */
  ports: PlatformPorts;
  /** Every replica's ports, the first one first. */
  replicaPorts: PlatformPorts[];
  /** The first replica of each service. */
  services: Map<ServiceName, RunningService>;
  /** Every replica of each service, by replica number. */
  replicas: Map<ServiceName, RunningService[]>;
  publicUrl: string;
  adminUrl: string;
  /** Each gateway replica's public and admin URL. */
  publicUrls: string[];
  adminUrls: string[];
  sandboxUrl: string;
  /** The console's URL (first replica). */
  consoleUrl: string;
  /** The console's admin port (first replica): `POST /admin/v1/users`. */
  consoleAdminUrl: string;
  /** The launching process's own gRPC certificate files (LAUNCHER_IDENTITY), for its calls to the parts. */
  grpcTls: GrpcTlsFiles;
  /** The env a service's replica (default the first) was started with (to restart it the same way). */
  envOf(name: ServiceName, replica?: number): Record<string, string>;
  /** Stops (SIGTERM by default) and starts again every replica of `name`, or only `replica`. */
  restart(name: ServiceName, signal?: NodeJS.Signals, replica?: number): Promise<RunningService>;
  stop(): Promise<void>;
}

/** Peers a service cannot serve without: the gateway asks guard before every start (fail closed). */
const REQUIRED_PEERS: Partial<Record<ServiceName, ServiceName[]>> = { gateway: ['guard'], guard: ['billing'] };

/** `names` plus the peers they require, so a suite's `only` list need not know about them. */
export function withRequiredPeers(names: readonly ServiceName[]): ServiceName[] {
  const wanted = new Set(names);
  for (const name of [...START_ORDER].reverse()) {
    if (wanted.has(name)) for (const peer of REQUIRED_PEERS[name] ?? []) wanted.add(peer);
  }
  return START_ORDER.filter((name) => wanted.has(name));
}

/** Services that run once whatever the replica count. */
const SINGLETONS: ReadonlySet<ServiceName> = new Set(['sandbox']);

function replicaCount(name: ServiceName, options: PlatformOptions): number {
  return SINGLETONS.has(name) ? 1 : Math.max(1, options.replicas ?? 1);
}

function natsCredentials(name: ServiceName, users: NatsUsers | undefined): Record<string, string> {
  const own = BUS_GRANTS[name] ? users?.[name] : undefined;
  return own ? { NATS_USER: own.user, NATS_PASSWORD: own.password } : {};
}

/** The streams, made or updated as the provisioner (the migrations' job in a deployment). */
async function provisionLocalStreams(natsUrl: string, users: NatsUsers | undefined): Promise<void> {
  const { provisionStreams } = await import('./bus/provision.js');
  const { createLogger } = await import('./logging.js');
  const provisioner = users?.[NATS_PROVISIONER];
  await provisionStreams(
    { url: natsUrl, ...(provisioner ? { user: provisioner.user, password: provisioner.password } : {}) },
    createLogger('launcher', 'warn'),
  );
}

export function platformEnv(
  name: ServiceName,
  options: PlatformOptions,
  layout: PlatformPorts | PlatformPorts[],
  replica = 0,
  tls?: GrpcTlsFiles,
): Record<string, string> {
  const all = Array.isArray(layout) ? layout : [layout];
  const ports = all[replica] ?? all[0]!;
  const first = all[0]!;
  const local = '127.0.0.1';
  const schema = SCHEMAS[name];
  const common: Record<string, string> = {
    // Each part as its own role, allowed its own schema only (db/roles.ts); none for the sandbox.
    ...(schema ? { DATABASE_URL: partDatabaseUrl(options.databaseUrl, schema) } : {}),
    NATS_URL: options.natsUrl,
    // Its own NATS user, allowed only its row of bus/permissions.ts.
    ...natsCredentials(name, options.natsUsers),
    LOG_LEVEL: options.logLevel ?? 'info',
    OTEL_SERVICE_NAME: name,
    // The local run and the suites: local defaults and the published keys are accepted (docs/security.md).
    OTP_ENV: 'local',
    // As the image sets it (Dockerfile): see there why.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    // Mutual TLS between the parts, as in production (grpc/tls.ts).
    ...(tls ? { GRPC_TLS_CA: tls.ca, GRPC_TLS_CERT: tls.cert, GRPC_TLS_KEY: tls.key } : {}),
  };
  const peerList = (service: keyof PlatformPorts) => all.map((p) => `${local}:${p[service]}`).join(',');
  const peers = {
    BILLING_ADDR: peerList('billing'),
    SMS_ADDR: peerList('sms'),
    MESSENGER_ADDR: peerList('messenger'),
    VERIFY_ADDR: peerList('verify'),
    WEBHOOKS_ADDR: peerList('webhooks'),
    GUARD_ADDR: peerList('guard'),
  };
  const publicUrl = `http://${local}:${first.gateway}`;
  const own: Record<ServiceName, Record<string, string>> = {
    sandbox: { HTTP_PORT: String(first.sandboxHttp), SMPP_PORT: String(first.smpp) },
    billing: { GRPC_PORT: String(ports.billing) },
    guard: { GRPC_PORT: String(ports.guard), BILLING_ADDR: peers.BILLING_ADDR },
    sms: {
      GRPC_PORT: String(ports.sms),
      BILLING_ADDR: peers.BILLING_ADDR,
      SMPP_HOST: local,
      SMPP_PORT: String(first.smpp),
      SMS_BODY_KEY: LOCAL_SECRET_KEYS.smsBody,
    },
    messenger: {
      GRPC_PORT: String(ports.messenger),
      BILLING_ADDR: peers.BILLING_ADDR,
      MESSENGER_API_URL: `http://${local}:${first.sandboxHttp}/messenger-api`,
      MESSENGER_API_TOKEN: 'sandbox-token',
      MESSENGER_REPORT_URL: `${publicUrl}/provider/messenger/reports`,
    },
    verify: {
      GRPC_PORT: String(ports.verify),
      BILLING_ADDR: peers.BILLING_ADDR,
      SMS_ADDR: peers.SMS_ADDR,
      MESSENGER_ADDR: peers.MESSENGER_ADDR,
      VERIFY_CODE_KEY: LOCAL_SECRET_KEYS.verifyCode,
    },
    'webhook-dispatcher': {
      GRPC_PORT: String(ports.webhooks),
      ALLOW_PRIVATE_TARGETS: String(options.allowPrivateCallbacks),
      WEBHOOK_SECRET_KEY: LOCAL_SECRET_KEYS.webhookSecret,
    },
    gateway: {
      PORT: String(ports.gateway),
      ADMIN_PORT: String(ports.admin),
      ADMIN_TOKEN: options.adminToken,
      ALLOW_PRIVATE_CALLBACKS: String(options.allowPrivateCallbacks),
      MESSENGER_API_TOKEN: 'sandbox-token',
      ...peers,
    },
    console: {
      PORT: String(ports.console),
      CONSOLE_ADMIN_PORT: String(ports.consoleAdmin),
      ADMIN_API_URL: `http://${local}:${ports.admin}`,
      ADMIN_TOKEN: options.adminToken,
      // Local runs and tests are plain http; production (Helm) keeps Secure cookies.
      COOKIE_SECURE: 'false',
    },
  };
  return { ...common, ...own[name], ...(options.env?.[name] ?? {}) };
}

export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  const count = Math.max(1, options.replicas ?? 1);
  const layout: PlatformPorts[] = [];
  for (let replica = 0; replica < count; replica++) {
    const ports = { ...LOCAL_PORTS };
    for (const key of Object.keys(ports) as (keyof PlatformPorts)[]) {
      const shared = replica > 0 && (key === 'sandboxHttp' || key === 'smpp');
      ports[key] = shared
        ? layout[0]![key]
        : ((replica === 0 ? options.ports?.[key] : undefined) ?? (await freePort()));
    }
    layout.push(ports);
  }
  const wanted = withRequiredPeers(options.only ?? START_ORDER).filter((name) => isBuilt(name));
  await provisionLocalStreams(options.natsUrl, options.natsUsers);
  const certificates = await localCertificates(
    options.grpcTlsDir ?? path.join(tmpdir(), `otp-grpc-tls-${process.pid}`),
    [...START_ORDER, LAUNCHER_IDENTITY],
  );
  const envOf = (name: ServiceName, replica: number) => platformEnv(name, options, layout, replica, certificates[name]);
  const replicas = new Map<ServiceName, RunningService[]>();
  const services = new Map<ServiceName, RunningService>();
  const start = async (name: ServiceName, replica: number) => {
    const running = await startService(name, envOf(name, replica), {
      onLine:
        options.onLine && ((service, line) => options.onLine!(service, replica > 0 ? `[${replica}] ${line}` : line)),
    });
    const list = replicas.get(name) ?? [];
    list[replica] = running;
    replicas.set(name, list);
    if (replica === 0) services.set(name, running);
    return running;
  };
  const stopAll = async () => {
    for (const name of [...START_ORDER].reverse()) {
      await Promise.all((replicas.get(name) ?? []).map((service) => service.stop()));
    }
  };
  try {
    for (const name of START_ORDER.filter((n) => wanted.includes(n))) {
      // Replicas of one service start side by side (they race on nothing but their own ports).
      await Promise.all(Array.from({ length: replicaCount(name, options) }, (_, replica) => start(name, replica)));
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  const publicUrls = layout.map((p) => `http://127.0.0.1:${p.gateway}`);
  const adminUrls = layout.map((p) => `http://127.0.0.1:${p.admin}`);
  return {
    ports: layout[0]!,
    replicaPorts: layout,
    services,
    replicas,
    publicUrl: publicUrls[0]!,
    adminUrl: adminUrls[0]!,
    publicUrls,
    adminUrls,
    sandboxUrl: `http://127.0.0.1:${layout[0]!.sandboxHttp}`,
    consoleUrl: `http://127.0.0.1:${layout[0]!.console}`,
    consoleAdminUrl: `http://127.0.0.1:${layout[0]!.consoleAdmin}`,
    grpcTls: certificates[LAUNCHER_IDENTITY]!,
    envOf: (name, replica = 0) => envOf(name, replica),
    async restart(name, signal = 'SIGTERM', replica) {
      const which =
        replica === undefined ? Array.from({ length: replicaCount(name, options) }, (_, n) => n) : [replica];
      await Promise.all(which.map((n) => replicas.get(name)?.[n]?.stop(signal)));
      const started = await Promise.all(which.map((n) => start(name, n)));
      return started[0]!;
    },
    stop: stopAll,
  };
}
