import { logConditions, type LogFilter } from '@otp/platform';
import { Prisma, type Message } from '../generated/prisma/client.js';
import type { SmsStatus } from '../domain/delivery.js';
import type { Db } from './database.js';
import { fromRecord, type MessageRecord } from './message-rows.js';

// Reads for the console's SMS log (through the admin API). A cold path: a project member looking
// at a page, never a request of the public API.

/** The statuses a listed message can have: intents (accepted, discarded) are never shown. */
export const SHOWN_STATUSES: readonly SmsStatus[] = ['queued', 'processing', 'sent', 'failed', 'enqueue_failed'];

export async function listMessages(db: Db, filter: LogFilter): Promise<Message[]> {
  const conditions = [
    ...logConditions(filter, 'messages', 'm', '"to"'),
    Prisma.sql`m.status IN (${Prisma.join([...SHOWN_STATUSES])})`,
  ];
  const rows = await db.$queryRaw<MessageRecord[]>`
    SELECT m.* FROM messages m WHERE ${Prisma.join(conditions, ' AND ')}
    ORDER BY m.created_at DESC, m.sid DESC LIMIT ${filter.limit}`;
  return rows.map(fromRecord);
}
