import { DEFAULT_SETTINGS, type VerifyChannel, type VerifySettings } from '../domain/settings.js';
import type { VerifySettings as Row } from '../generated/prisma/client.js';
import type { Db } from './database.js';

function fromRow(row: Row | null): VerifySettings {
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    enabled: row.enabled,
    channel: row.channel as VerifyChannel,
    smsFallback: row.smsFallback,
    switchOnFailure: row.switchOnFailure,
    fallbackWaitSeconds: row.fallbackWaitSeconds,
    codeLength: row.codeLength,
    expiryMinutes: row.expiryMinutes,
    maxWrongCodes: row.maxWrongCodes,
    senderId: row.senderId,
    smsText: row.smsText,
    callbackUrl: row.callbackUrl,
  };
}

/** A project's verify settings: the stored row, or the spec's defaults when it has none. */
export async function loadSettings(db: Db, projectId: string): Promise<VerifySettings> {
  return fromRow(await db.verifySettings.findUnique({ where: { projectId } }));
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
    const next = change(fromRow(await tx.verifySettings.findUnique({ where: { projectId } })));
    await tx.verifySettings.update({ where: { projectId }, data: { ...next, updatedAt: new Date() } });
    return next;
  });
}
