import { prismaRunner, type NamedStatement, type StatementRunner } from '@otp/platform';
import { DEFAULT_SETTINGS, type VerifyChannel, type VerifySettings } from '../domain/settings.js';
import type { Db } from './database.js';

/** A `verify_settings` row as raw SQL returns it. */
interface SettingsRecord {
  enabled: boolean;
  channel: string;
  sms_fallback: boolean;
  switch_on_failure: boolean;
  fallback_wait_seconds: number;
  code_length: number;
  expiry_minutes: number;
  max_wrong_codes: number;
  sender_id: string | null;
  sms_text: string;
  callback_url: string | null;
}

/** Read on every start: a named statement on the pool (docs/developing.md, "Hot paths"). */
const READ_SETTINGS: NamedStatement = {
  name: 'verify_read_settings',
  text: `SELECT enabled, channel, sms_fallback, switch_on_failure, fallback_wait_seconds, code_length, expiry_minutes,
                max_wrong_codes, sender_id, sms_text, callback_url
           FROM verify_settings WHERE project_id = $1`,
};

/** The stored row; the same text on the pool (`poolRunner`) or inside a transaction (`prismaRunner`). */
async function readSettings(runner: StatementRunner, projectId: string): Promise<VerifySettings | undefined> {
  const rows = await runner.rows<SettingsRecord>(READ_SETTINGS, [projectId]);
  const row = rows[0];
  if (!row) return undefined;
  return {
    enabled: row.enabled,
    channel: row.channel as VerifyChannel,
    smsFallback: row.sms_fallback,
    switchOnFailure: row.switch_on_failure,
    fallbackWaitSeconds: row.fallback_wait_seconds,
    codeLength: row.code_length,
    expiryMinutes: row.expiry_minutes,
    maxWrongCodes: row.max_wrong_codes,
    senderId: row.sender_id,
    smsText: row.sms_text,
    callbackUrl: row.callback_url,
  };
}

/** A project's verify settings: the stored row, or the spec's defaults when it has none. */
export async function loadSettings(runner: StatementRunner, projectId: string): Promise<VerifySettings> {
  return (await readSettings(runner, projectId)) ?? { ...DEFAULT_SETTINGS };
}

/**
 * Read-modify-write of one project's settings, serialised per project: two concurrent PATCHes
 * of different fields both land (the second sees the first's result).
 */
export async function changeSettings(
  db: Db,
  projectId: string,
  change: (current: VerifySettings) => VerifySettings,
): Promise<VerifySettings> {
  return db.$transaction(async (tx) => {
    await tx.verifySettings.upsert({ where: { projectId }, create: { projectId, ...DEFAULT_SETTINGS }, update: {} });
    await tx.$queryRaw`SELECT 1 FROM verify_settings WHERE project_id = ${projectId} FOR UPDATE`;
    const next = change((await readSettings(prismaRunner(tx), projectId)) ?? { ...DEFAULT_SETTINGS });
    await tx.verifySettings.update({ where: { projectId }, data: { ...next, updatedAt: new Date() } });
    return next;
  });
}
