import type { Logger, SchemaPool } from '@otp/platform';
import type { Config } from './config.js';
import type { KeyOwnerCache } from './key-owner-cache.js';
import type { Peers } from './peers.js';
import type { ApiKeys } from './store/api-keys.js';
import type { IdempotencyRecords } from './store/idempotency-records.js';
import type { Projects } from './store/projects.js';

/** What every route factory receives: `<resource>Routes(deps: GatewayDeps): Router`. */
export interface GatewayDeps {
  config: Config;
  logger: Logger;
  peers: Peers;
  /** The pool Prisma runs on (the stores hold both); the readiness probe asks it directly. */
  pool: SchemaPool;
  projects: Projects;
  apiKeys: ApiKeys;
  keyOwners: KeyOwnerCache;
  idempotencyRecords: IdempotencyRecords;
  /** Set once SIGTERM arrived: readiness fails while the gateway still serves (SHUTDOWN_DELAY_MS). */
  lifecycle: { stopping: boolean };
}
