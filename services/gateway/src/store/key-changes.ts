import type { Logger } from '@otp/platform';
import pg from 'pg';
import type { KeyOwnerCache } from '../key-owner-cache.js';
import type { Tx } from './database.js';

// Every gateway replica caches key owners. A revocation or allowlist change made through one
// replica's admin API is announced with Postgres NOTIFY (sent on commit) so that every replica
// evicts at once instead of serving a revoked key until its cache entry expires.
export const KEY_CHANGES_CHANNEL = 'gateway_key_changes';

export type KeyChange = { kind: 'key'; id: string } | { kind: 'project'; id: string };

/** Inside the transaction of the change: delivered only if it commits. */
export async function announceKeyChange(tx: Tx, change: KeyChange): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${KEY_CHANGES_CHANNEL}, ${JSON.stringify(change)})`;
}

export function applyKeyChange(cache: KeyOwnerCache, payload: string | undefined): void {
  let change: Partial<KeyChange> = {};
  try {
    change = JSON.parse(payload ?? '{}') as Partial<KeyChange>;
  } catch {
    // Not ours; forgetting everything is always safe.
  }
  if (change.kind === 'key' && typeof change.id === 'string') cache.forgetKey(change.id);
  else if (change.kind === 'project' && typeof change.id === 'string') cache.forgetProject(change.id);
  else cache.forgetAll();
}

const RECONNECT_MS = 1000;

/**
 * Listens for key changes on a dedicated connection. While it is not listening the cache is
 * off (every request reads the database), because changes made meanwhile would go unheard.
 */
export class KeyChangeListener {
  private client: pg.Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly cache: KeyOwnerCache,
    private readonly logger: Logger,
  ) {}

  /** Starts listening; a database that is down only delays it (the gateway still starts). */
  start(): void {
    this.cache.setEnabled(false);
    this.connect().catch((error: unknown) => {
      this.logger.warn({ err: error }, 'key change listener cannot connect yet; API key cache off');
      this.reconnectLater();
    });
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => applyKeyChange(this.cache, message.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${KEY_CHANGES_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end();
      return;
    }
    this.client = client;
    this.cache.setEnabled(true);
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client || this.stopped) return;
    this.client = undefined;
    this.cache.setEnabled(false);
    this.logger.warn({ err: error }, 'key change listener lost its connection; API key cache off until it is back');
    void client.end().catch(() => undefined);
    this.reconnectLater();
  }

  private reconnectLater(): void {
    this.retry = setTimeout(() => {
      if (this.stopped) return;
      this.connect().catch(() => this.reconnectLater());
    }, RECONNECT_MS);
    this.retry.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end();
  }
}
