import { poolRunner, SettingsCache, type SchemaPool, type StatementRunner } from '@otp/platform';
import { DEFAULT_SETTINGS, type MessengerSettings } from '../domain/settings.js';
import type { Db } from './database.js';

type SettingsRow = { enabled: boolean; codeLength: number; ttlSeconds: number; callbackUrl: string | null };

const fromRow = (row: SettingsRow): MessengerSettings => ({
  enabled: row.enabled,
  codeLength: row.codeLength,
  ttlSeconds: row.ttlSeconds,
  callbackUrl: row.callbackUrl,
});

// Read on every send: a named statement on the pool (docs/developing.md, "Hot paths").
const READ_SETTINGS = {
  name: 'messenger_read_settings',
  text: `SELECT enabled, code_length AS "codeLength", ttl_seconds AS "ttlSeconds", callback_url AS "callbackUrl"
           FROM messenger_settings WHERE project_id = $1`,
};

export class SettingsStore {
  private readonly run: StatementRunner;
  private readonly recent = new SettingsCache<MessengerSettings>();

  constructor(
    private readonly db: Db,
    pool: SchemaPool,
  ) {
    this.run = poolRunner(pool);
  }

  /** A project without a row has the defaults. */
  async get(projectId: string): Promise<MessengerSettings> {
    const rows = await this.run.rows<SettingsRow>(READ_SETTINGS, [projectId]);
    return rows[0] ? fromRow(rows[0]) : { ...DEFAULT_SETTINGS };
  }

  /** What a send reads: at most a second old (a change through this process is read at once). */
  forSend(projectId: string): Promise<MessengerSettings> {
    return this.recent.get(projectId, () => this.get(projectId));
  }

  /** Applies `change` to the current settings under a row lock, so concurrent edits do not lose fields. */
  async update(
    projectId: string,
    change: (current: MessengerSettings) => MessengerSettings,
    now: Date,
  ): Promise<MessengerSettings> {
    try {
      return await this.db.$transaction(async (tx) => {
        await tx.$executeRaw`
          INSERT INTO messenger_settings (project_id, enabled, code_length, ttl_seconds)
          VALUES (${projectId}, ${DEFAULT_SETTINGS.enabled}, ${DEFAULT_SETTINGS.codeLength}, ${DEFAULT_SETTINGS.ttlSeconds})
          ON CONFLICT (project_id) DO NOTHING`;
        await tx.$queryRaw`SELECT 1 FROM messenger_settings WHERE project_id = ${projectId} FOR UPDATE`;
        const current = fromRow(await tx.messengerSettings.findUniqueOrThrow({ where: { projectId } }));
        const next = change(current);
        await tx.messengerSettings.update({ where: { projectId }, data: { ...next, updatedAt: now } });
        return next;
      });
    } finally {
      // The next send in this process reads the change (other replicas within a second).
      this.recent.forget(projectId);
    }
  }
}
