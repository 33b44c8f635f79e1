import { startPlatform, type PlatformOptions, type RunningPlatform } from '@otp/platform/launcher';
import { platformNats, resetBus, type SuiteNats } from './bus.js';
import { freshDatabase } from './database.js';
import { JsonClient } from './http.js';

export const ADMIN_TOKEN = 'test-admin-token';

/**
 * The velocity limits and pumping protection off, for a project whose test data is load (one
 * number over and over, neighbouring numbers at full speed), not abuse: exactly what the defaults
 * rightly refuse. A setting of the test's project; the defaults stay on.
 */
export const LOAD_FRAUD_SETTINGS = {
  number_limit: null,
  pending_per_number: null,
  project_rps: null,
  pumping_protection: 'off',
} as const;

export interface TestProject {
  id: string;
  key: string;
  /** The public API (/v1) with this project's key (spread over every gateway replica). */
  api: JsonClient;
}

export interface TestPlatform extends RunningPlatform {
  databaseUrl: string;
  /** The NATS it runs on, with its users (connectObserver(platform.nats) reads it). */
  nats: SuiteNats;
  /** The admin API (/admin/v1) with the admin token (spread over every gateway replica). */
  admin: JsonClient;
  /** The public API without a key. */
  anonymous: JsonClient;
  sandbox: JsonClient;
  /** A new project (with the 1.00 trial credit plus `credit`) and an API key for it. */
  newProject(options?: {
    name?: string;
    credit?: string;
    /** `off`: the project's velocity limits and pumping protection off (LOAD_FRAUD_SETTINGS). */
    abuseLimits?: 'off';
  }): Promise<TestProject>;
}

/**
 * Starts the built services against a fresh database and empty streams. Every service runs as its
 * own process, exactly as in production; `only` trims the set for suites that need fewer.
 */
export async function startTestPlatform(
  options: Pick<PlatformOptions, 'only' | 'env' | 'onLine' | 'replicas' | 'ports'> & {
    quiet?: boolean;
    /** Default: the run's (platformNats), emptied first. */
    nats?: SuiteNats;
  } = {},
): Promise<TestPlatform> {
  const databaseUrl = await freshDatabase();
  const { nats: given, ...rest } = options;
  // A suite's private NATS starts empty; the shared one is emptied.
  const nats = given ?? platformNats();
  if (!given) await resetBus(nats);
  const platform = await startPlatform({
    databaseUrl,
    adminToken: ADMIN_TOKEN,
    allowPrivateCallbacks: true,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'warn',
    ...rest,
    // Each part as its own NATS user (bus/permissions.ts), when this NATS has users.
    natsUrl: nats.url,
    natsUsers: nats.users,
    onLine:
      options.onLine ??
      (process.env.TEST_SHOW_LOGS ? (name, line) => process.stderr.write(`[${name}] ${line}\n`) : undefined),
  });
  // The suite's own gRPC clients (createGrpcClient) present the launcher's certificate, as a part would.
  process.env.GRPC_TLS_CA = platform.grpcTls.ca;
  process.env.GRPC_TLS_CERT = platform.grpcTls.cert;
  process.env.GRPC_TLS_KEY = platform.grpcTls.key;
  const admin = new JsonClient(
    platform.adminUrls.map((url) => `${url}/admin/v1`),
    ADMIN_TOKEN,
  );
  const publicApis = platform.publicUrls.map((url) => `${url}/v1`);
  return {
    ...platform,
    databaseUrl,
    nats,
    admin,
    anonymous: new JsonClient(publicApis),
    sandbox: new JsonClient(platform.sandboxUrl),
    async newProject(projectOptions = {}) {
      const project = await admin.post<{ id: string }>('/projects', {
        name: projectOptions.name ?? 'test project',
        ...(projectOptions.credit ? { credit: projectOptions.credit } : {}),
      });
      if (project.status !== 201) throw new Error(`create project: ${project.status} ${project.text}`);
      if (projectOptions.abuseLimits === 'off') {
        const fraud = await admin.patch(`/projects/${project.body.id}/settings/fraud`, LOAD_FRAUD_SETTINGS);
        if (fraud.status !== 200) throw new Error(`fraud settings: ${fraud.status} ${fraud.text}`);
      }
      const key = await admin.post<{ key: string }>(`/projects/${project.body.id}/api-keys`, { name: 'test' });
      if (key.status !== 201) throw new Error(`create api key: ${key.status} ${key.text}`);
      return { id: project.body.id, key: key.body.key, api: new JsonClient(publicApis, key.body.key) };
    },
  };
}
