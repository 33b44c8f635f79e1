import { logConditions, type LogFilter } from '@otp/platform';
import { SHOWN_STATUSES } from '../domain/status.js';
import { Prisma } from '../generated/prisma/client.js';
import { fromRecord, type Code, type CodeRecord } from './code-rows.js';
import type { Db } from './database.js';

// Reads for the console's messenger log (through the admin API). A cold path: a project member
// looking at a page. The code itself is never stored here, so no read can show it.

export async function listCodes(db: Db, filter: LogFilter): Promise<(Code & { checks: number })[]> {
  const conditions = [
    ...logConditions(filter, 'codes', 'c', '"to"'),
    Prisma.sql`c.status IN (${Prisma.join([...SHOWN_STATUSES])})`,
  ];
  const rows = await db.$queryRaw<(CodeRecord & { checks: number })[]>`
    SELECT c.*, (SELECT count(*)::int FROM code_checks k WHERE k.sid = c.sid) AS checks
      FROM codes c WHERE ${Prisma.join(conditions, ' AND ')}
     ORDER BY c.created_at DESC, c.sid DESC LIMIT ${filter.limit}`;
  return rows.map((row) => ({ ...fromRecord(row), checks: row.checks }));
}
