import {
  CALLBACK_URL_HEADER,
  inPoolTransaction,
  outboxInsert,
  outboxRow,
  outboxValues,
  poolRunner,
  SUBJECTS,
  type NamedStatement,
  type OutboxRow,
  type SchemaPool,
  type StatementRunner,
} from '@otp/platform';
import { z } from 'zod';
import { DETECTOR_WINDOWS, type PrefixVolume } from '../domain/detector.js';
import { ADMIT_FUNCTION, ADMIT_FUNCTION_NAME } from './admit-function.js';
import {
  COUNT_FUNCTION,
  COUNT_TRIGGER_NAME,
  CREATE_COUNT_TRIGGER,
  EMPTY_COUNTS,
  FILL_COUNTS,
  HOLD_START_WRITERS,
} from './prefix-counts.js';
import type { Db } from './database.js';

// The hot path: one statement per start (the admit function), one per finished verification, and
// a second per start only while its prefix does not convert (the volume rules' counts).
// These, and what guard does by itself (checking the admit function at start-up, the finished
// verifications its consumer hears), are named statements on the pool (docs/developing.md, "Hot
// paths"): an idle guard never loads Prisma's query compiler. Admin paths (blocks listed or
// lifted, settings) stay on Prisma.

export interface StartRequest {
  projectId: string;
  requestKey: string;
  kind: 'verification' | 'sms' | 'messenger';
  to: string;
  country: string;
  prefix: string;
  ip?: string | undefined;
  deviceId?: string | undefined;
  userAgent?: string | undefined;
  at: Date;
}

const verdict = z.discriminatedUnion('verdict', [
  z.object({
    verdict: z.literal('admitted'),
    replayed: z.boolean().optional(),
    start_id: z.string().optional(),
    protection: z.enum(['block', 'monitor', 'off']).optional(),
    stats: z
      .object({ judged: z.number(), approved: z.number(), recent_numbers_sample: z.array(z.string()) })
      .nullable()
      .optional(),
    callback_url: z.string().nullable().optional(),
  }),
  z.object({ verdict: z.literal('GEO_PERMISSION_DENIED') }),
  z.object({ verdict: z.literal('FRAUD_SUSPECTED'), reason: z.string(), until: z.string() }),
  z.object({ verdict: z.literal('RATE_LIMITED'), limit: z.string(), retry_after: z.number() }),
]);

export type StoredVerdict = z.infer<typeof verdict>;

export interface NewBlock {
  projectId: string;
  prefix: string;
  reason: string;
  mode: 'block' | 'monitor';
  since: Date;
  until: Date;
  /** The start that tipped it: no longer counted when the block refuses it. */
  droppedStartId?: string | undefined;
  callbackUrl: string | null;
}

/** What the migrations' owner installs for guard (installStartFunctions), and guard's check of it. */
const INSTALL_STATEMENTS = {
  installLock: {
    name: 'guard_install_admit_start_lock',
    text: `SELECT pg_advisory_xact_lock(hashtext('guard.install_admit_start'))`,
  },
  installAdmit: { name: 'guard_install_admit_start', text: ADMIT_FUNCTION },
  installCount: { name: 'guard_install_count_prefix_start', text: COUNT_FUNCTION },
  countTrigger: {
    name: 'guard_count_trigger',
    text: `SELECT 1 FROM pg_trigger WHERE tgname = '${COUNT_TRIGGER_NAME}' AND tgrelid = 'starts'::regclass`,
  },
  holdStartWriters: { name: 'guard_hold_start_writers', text: HOLD_START_WRITERS },
  emptyCounts: { name: 'guard_empty_prefix_counts', text: EMPTY_COUNTS },
  fillCounts: { name: 'guard_fill_prefix_counts', text: FILL_COUNTS },
  createCountTrigger: { name: 'guard_create_count_trigger', text: CREATE_COUNT_TRIGGER },
  admitInstalled: {
    name: 'guard_admit_installed',
    text: `SELECT to_regprocedure('${ADMIT_FUNCTION_NAME}(jsonb)') IS NOT NULL AS present`,
  },
} satisfies Record<string, NamedStatement>;

/** Every statement of a start's way through guard (the plan suite checks them, but admit's: see there). */
export const START_STATEMENTS = {
  /** Every start asks this. */
  admit: { name: 'guard_admit_start', text: `SELECT ${ADMIT_FUNCTION_NAME}($1::jsonb) AS answer` },
  /**
   * The volume rules' counts over the prefix's day (the starts themselves: two of them count
   * distinct numbers). $1 project, $2 prefix, $3 at, $4 recent, $5 history, $6 judge window (s).
   */
  volume: {
    name: 'guard_prefix_volume',
    text: `SELECT count(*) FILTER (WHERE created_at > $3::timestamptz - make_interval(secs => $4::int))::int AS recent_starts,
                  count(DISTINCT "to") FILTER (WHERE created_at > $3::timestamptz - make_interval(secs => $4::int))::int
                    AS recent_numbers,
                  count(*) FILTER (WHERE created_at <= $3::timestamptz - make_interval(secs => $4::int))::int AS history_starts,
                  count(DISTINCT "to") FILTER (WHERE kind = 'verification'
                    AND (state = 'unconverted'
                         OR (state = 'pending' AND created_at <= $3::timestamptz - make_interval(secs => $6::int))))::int
                    AS unconverted_numbers
             FROM starts
            WHERE project_id = $1::text AND prefix = $2::text AND state <> 'dropped'
              AND created_at > $3::timestamptz - make_interval(secs => $5::int)`,
  },
  /** $1 project, $2 request key. */
  forget: {
    name: 'guard_forget_start',
    text: `UPDATE starts SET state = 'dropped'
            WHERE project_id = $1::text AND request_key = $2::text AND state <> 'dropped'
           RETURNING id`,
  },
  /** $1 project, $2 number, $3 the outcome (`approved`/`unconverted`), $4 when it finished. */
  finishVerification: {
    name: 'guard_finish_verification',
    text: `UPDATE starts SET state = $3::text, finished_at = $4::timestamptz
            WHERE id = (SELECT id FROM starts
                         WHERE project_id = $1::text AND "to" = $2::text AND kind = 'verification' AND state = 'pending'
                         ORDER BY created_at LIMIT 1)`,
  },
  /**
   * $1 project, $2 prefix, $3 reason, $4 mode, $5 since, $6 until, $7 the start that tipped it
   * ('0': none), $8-$13 the fraud.prefix_blocked event (outboxValues).
   */
  recordBlock: {
    name: 'guard_record_block',
    text: `WITH block AS (
             INSERT INTO prefix_blocks (project_id, prefix, reason, mode, since, until)
             SELECT $1::text, $2::text, $3::text, $4::text, $5::timestamptz, $6::timestamptz
              WHERE NOT EXISTS (SELECT 1 FROM prefix_blocks WHERE project_id = $1::text
                                   AND prefix = $2::text AND until > $5::timestamptz)
             RETURNING id),
           dropped AS (
             UPDATE starts SET state = 'dropped'
              WHERE id = $7::bigint AND $4::text = 'block' AND EXISTS (SELECT 1 FROM block)),
           event AS (${outboxInsert(8, 'block')})
           SELECT id FROM block`,
  },
} satisfies Record<string, NamedStatement>;

/**
 * Creates or replaces the admit function (see admit-function.ts) and the trigger function that
 * keeps the counts per prefix (prefix-counts.ts); migrators take turns. The first install creates
 * the trigger and fills the counts from the starts, with writers of starts held off meanwhile.
 * Run by the migrations' owner (schema-objects.ts): guard's own role may create nothing.
 */
export async function installStartFunctions(pool: SchemaPool): Promise<void> {
  await inPoolTransaction(pool, async (run) => {
    await run.rows(INSTALL_STATEMENTS.installLock, []);
    await run.rows(INSTALL_STATEMENTS.installCount, []);
    await run.rows(INSTALL_STATEMENTS.installAdmit, []);
    if ((await run.rows(INSTALL_STATEMENTS.countTrigger, [])).length > 0) return;
    await run.rows(INSTALL_STATEMENTS.holdStartWriters, []);
    await run.rows(INSTALL_STATEMENTS.emptyCounts, []);
    await run.rows(INSTALL_STATEMENTS.fillCounts, []);
    await run.rows(INSTALL_STATEMENTS.createCountTrigger, []);
  });
}

export class StartStore {
  private readonly statements: StatementRunner;

  constructor(
    private readonly db: Db,
    private readonly pool: SchemaPool,
  ) {
    this.statements = poolRunner(pool);
  }

  /** installStartFunctions on this store's pool (which must be the owner's). */
  async install(): Promise<void> {
    await installStartFunctions(this.pool);
  }

  /** Whether this version's admit function is there (the migrations installed it). */
  async installed(): Promise<boolean> {
    const rows = await this.statements.rows<{ present: boolean }>(INSTALL_STATEMENTS.admitInstalled, []);
    return rows[0]?.present === true;
  }

  async admit(request: StartRequest): Promise<StoredVerdict> {
    const input = {
      project_id: request.projectId,
      request_key: request.requestKey,
      kind: request.kind,
      to: request.to,
      country: request.country,
      prefix: request.prefix,
      ip: request.ip ?? '',
      device_id: request.deviceId ?? '',
      user_agent: request.userAgent ?? '',
      at: request.at.toISOString(),
      recent_seconds: DETECTOR_WINDOWS.recentSeconds,
      history_seconds: DETECTOR_WINDOWS.historySeconds,
      judge_seconds: DETECTOR_WINDOWS.judgeSeconds,
      // A pending verification stops counting after the longest expiry (60 minutes) even if its end was never heard.
      pending_seconds: 60 * 60,
      sample_size: DETECTOR_WINDOWS.sampleSize,
    };
    const rows = await this.statements.rows<{ answer: unknown }>(START_STATEMENTS.admit, [JSON.stringify(input)]);
    return verdict.parse(rows[0]?.answer);
  }

  /** The counts only the volume rules read (see needsVolume): a pass over the prefix's day of starts. */
  async volume(projectId: string, prefix: string, at: Date): Promise<PrefixVolume> {
    const rows = await this.statements.rows<PrefixVolume>(START_STATEMENTS.volume, [
      projectId,
      prefix,
      at,
      DETECTOR_WINDOWS.recentSeconds,
      DETECTOR_WINDOWS.historySeconds,
      DETECTOR_WINDOWS.judgeSeconds,
    ]);
    const counts = rows[0];
    if (!counts) throw new Error('the volume statement answered no row'); // an aggregate always answers one
    return counts;
  }

  /** The owner refused an admitted start: nothing was sent, so it stops counting. */
  async forget(projectId: string, requestKey: string): Promise<boolean> {
    const changed = await this.statements.rows(START_STATEMENTS.forget, [projectId, requestKey]);
    return changed.length > 0;
  }

  /** A verification to `to` finished: the oldest pending start to that number takes the outcome. */
  async finishVerification(projectId: string, to: string, approved: boolean, at: Date): Promise<void> {
    await this.statements.rows(START_STATEMENTS.finishVerification, [
      projectId,
      to,
      approved ? 'approved' : 'unconverted',
      at,
    ]);
  }

  /**
   * Records a block and its fraud.prefix_blocked event in one statement, unless another replica
   * recorded one for the prefix first. Answers whether this call recorded it.
   */
  async recordBlock(block: NewBlock): Promise<boolean> {
    const event = blockEvent('fraud.prefix_blocked', block.projectId, block, block.callbackUrl, block.since);
    const rows = await this.statements.rows(START_STATEMENTS.recordBlock, [
      block.projectId,
      block.prefix,
      block.reason,
      block.mode,
      block.since,
      block.until,
      block.droppedStartId ?? '0',
      ...outboxValues(event, block.since),
    ]);
    return rows.length > 0;
  }

  /** Lifts the prefix's block (it keeps covering the prefix, so the detector does not re-block at once). */
  async liftBlock(projectId: string, prefix: string, at: Date, callbackUrl: string | null): Promise<boolean> {
    const event = blockEvent(
      'fraud.prefix_unblocked',
      projectId,
      { prefix, reason: 'lifted', mode: 'block', since: at, until: at },
      callbackUrl,
      at,
    );
    const rows = await this.db.$queryRaw<{ id: bigint }[]>`
      WITH lifted AS (
        UPDATE prefix_blocks SET lifted_at = ${at}
         WHERE project_id = ${projectId} AND prefix = ${prefix} AND lifted_at IS NULL AND until > ${at}
        RETURNING id),
      event AS (
        INSERT INTO outbox_events (id, subject, type, payload, headers)
        SELECT ${event.id}::uuid, ${event.subject}, ${event.type}, ${JSON.stringify(event.payload)}::jsonb,
               ${JSON.stringify(event.headers)}::jsonb WHERE EXISTS (SELECT 1 FROM lifted))
      SELECT id FROM lifted`;
    return rows.length > 0;
  }

  async activeBlocks(projectId: string, at: Date) {
    return this.db.prefixBlock.findMany({
      where: { projectId, liftedAt: null, until: { gt: at } },
      orderBy: { since: 'desc' },
    });
  }
}

function blockEvent(
  type: 'fraud.prefix_blocked' | 'fraud.prefix_unblocked',
  projectId: string,
  block: Pick<NewBlock, 'prefix' | 'reason' | 'mode' | 'since' | 'until'>,
  callbackUrl: string | null,
  now: Date,
): OutboxRow {
  const data =
    type === 'fraud.prefix_blocked'
      ? {
          prefix: `+${block.prefix}`,
          reason: block.reason,
          mode: block.mode,
          since: block.since.toISOString(),
          until: block.until.toISOString(),
        }
      : { prefix: `+${block.prefix}`, lifted_at: now.toISOString() };
  const row = outboxRow(SUBJECTS.fraudBlocks, type, projectId, data, now);
  if (callbackUrl) row.headers[CALLBACK_URL_HEADER] = callbackUrl;
  return row;
}
