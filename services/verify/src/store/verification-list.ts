import { logConditions, type LogFilter } from '@otp/platform';
import { Prisma } from '../generated/prisma/client.js';
import type { Db } from './database.js';
import {
  fromRow,
  SELECT_VERIFICATION,
  SHOWN,
  type VerificationRecord,
  type VerificationRow,
} from './verification-rows.js';

// Reads for the console's logs and overview (through the admin API). Cold paths: an operator or a
// project member looking at a page, never a request of the public API.

export interface DailyStatRow {
  day: string;
  started: number;
  approved: number;
  costCents: number;
}

export async function listVerifications(db: Db, filter: LogFilter): Promise<VerificationRecord[]> {
  const conditions = [...logConditions(filter, 'verifications', 'v', 'to_number'), SHOWN];
  const rows = await db.$queryRaw<VerificationRow[]>`
    ${SELECT_VERIFICATION} WHERE ${Prisma.join(conditions, ' AND ')}
    ORDER BY v.created_at DESC, v.sid DESC LIMIT ${filter.limit}`;
  return rows.map(fromRow);
}

/** Verifications started, approved and their cost per UTC day, oldest first, days without any included. */
export async function dailyStats(db: Db, projectId: string, since: Date, days: number): Promise<DailyStatRow[]> {
  const rows = await db.$queryRaw<{ day: string; started: bigint; approved: bigint; cost_cents: bigint }[]>`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
           count(v.sid) AS started,
           count(v.sid) FILTER (WHERE v.status = 'approved') AS approved,
           COALESCE(sum(v.cost_cents), 0)::bigint AS cost_cents
      FROM generate_series(${since}::timestamptz AT TIME ZONE 'UTC', ${since}::timestamptz AT TIME ZONE 'UTC' + make_interval(days => ${days - 1}::int), interval '1 day') AS d(day)
      LEFT JOIN verifications v
        ON v.project_id = ${projectId} AND ${SHOWN}
       AND v.created_at >= d.day AT TIME ZONE 'UTC' AND v.created_at < (d.day + interval '1 day') AT TIME ZONE 'UTC'
     GROUP BY d.day ORDER BY d.day`;
  return rows.map((r) => ({
    day: r.day,
    started: Number(r.started),
    approved: Number(r.approved),
    costCents: Number(r.cost_cents),
  }));
}
