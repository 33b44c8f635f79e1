import { randomUUID } from 'node:crypto';
import type { JetStreamClient } from '@nats-io/jetstream';
import type pg from 'pg';
import type { BusAccess } from './bus/access.js';
import { connectBus, publish, traceHeaders, type Bus } from './bus/jetstream.js';
import { requireStream } from './bus/provision.js';
import { STREAMS } from './bus/streams.js';
import { schemaPool } from './db/postgres.js';
import type { NamedStatement } from './db/statements.js';
import type { Logger } from './logging.js';
import { HOUR_MS, type RetentionRule } from './retention.js';
import { observeOutbox, recordPublishedEvents } from './telemetry/outbox-metrics.js';

/**
 * The transactional outbox. Each service that publishes events has this table in its own schema
 * (same shape everywhere) and writes a row in the same transaction as the state change; the relay
 * publishes rows to JetStream with `Nats-Msg-Id` = row id, so a crash between publish and marking
 * the row is absorbed by JetStream's dedup window.
 *
 * Prisma model (copy into the service's schema.prisma):
 *   model OutboxEvent {
 *     id          String    @id @db.Uuid
 *     seq         BigInt    @default(autoincrement())
 *     subject     String
 *     type        String
 *     payload     Json
 *     headers     Json      @default("{}")
 *     createdAt   DateTime  @default(now()) @map("created_at") @db.Timestamptz(3)
 *     publishedAt DateTime? @map("published_at") @db.Timestamptz(3)
 *     @@index([publishedAt, seq])
 *     @@map("outbox_events")
 *   }
 *
 * The (published_at, seq) index serves the relay (`published_at IS NULL`, by seq) and the
 * retention's range on published times alike, so pruning needs no index of its own.
 */

/** The event envelope (docs/webhooks.md): `data` is the resource as the public API shows it. */
export interface EventEnvelope<D = unknown> {
  id: string;
  type: string;
  created_at: string;
  project_id: string;
  data: D;
}

export interface OutboxRow {
  id: string;
  subject: string;
  type: string;
  payload: EventEnvelope;
  headers: Record<string, string>;
}

/** Builds the row to insert inside the state change's transaction. */
export function outboxRow(subject: string, type: string, projectId: string, data: unknown, now: Date): OutboxRow {
  const id = randomUUID();
  return {
    id,
    subject,
    type,
    payload: { id, type, created_at: now.toISOString(), project_id: projectId, data },
    headers: traceHeaders(),
  };
}

/**
 * The outbox insert of a named statement (docs/developing.md, "Hot paths"): one event row per row
 * of `from`, the CTE of the state change (none when the change found nothing to change), so the
 * change and its event commit together. Its parameters, from `$first` on, are `outboxValues`.
 * It returns the row's id: a statement ending with it answers whether the event was written.
 */
export function outboxInsert(first: number, from: string): string {
  const p = (n: number) => `$${first + n}`;
  return `INSERT INTO outbox_events (id, subject, type, payload, headers, created_at)
          SELECT ${p(0)}::uuid, ${p(1)}::text, ${p(2)}::text, ${p(3)}::jsonb, ${p(4)}::jsonb, ${p(5)}::timestamptz
            FROM ${from}
          RETURNING id`;
}

/** The parameters of `outboxInsert`, in its order. */
export function outboxValues(row: OutboxRow, createdAt: Date): unknown[] {
  return [row.id, row.subject, row.type, JSON.stringify(row.payload), JSON.stringify(row.headers), createdAt];
}

interface PendingRow {
  id: string;
  subject: string;
  payload: EventEnvelope;
  headers: Record<string, string>;
}

/** The batch's answer: one row even when nothing is pending (id null), saying whether the lock was taken. */
type BatchRow = { held: boolean } & (PendingRow | { id: null });

export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private wakeRequested = false;

  constructor(
    private readonly options: {
      pool: pg.Pool;
      js: JetStreamClient;
      logger: Logger;
      intervalMs?: number;
      batchSize?: number;
    },
  ) {}

  start(): void {
    // The first pass publishes whatever a previous run of the service left unpublished.
    this.schedule(0, true);
  }

  /** Asks for a pass now (after a commit that wrote outbox rows) instead of at the next tick. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number, woken = true): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.drain(woken).finally(() => {
        this.running = undefined;
        const again = this.wakeRequested;
        this.wakeRequested = false;
        this.schedule(again ? 0 : (this.options.intervalMs ?? 250), again);
      });
    }, delayMs);
  }

  /**
   * Publishes pending rows until none are left (or publishing fails; the next tick retries). A
   * tick nobody asked for (no commit woke the relay: the safety net for a crash, a failed
   * publish, another replica's rows) first asks whether anything is pending at all, one cheap
   * statement, since nearly every such tick finds nothing.
   */
  async drain(woken = true): Promise<void> {
    try {
      if (!woken && !(await this.anythingPending())) return;
      await this.publishPending();
    } catch (error) {
      this.options.logger.warn({ err: error }, 'outbox relay could not publish, will retry');
    }
  }

  private get batchSize(): number {
    return this.options.batchSize ?? 100;
  }

  private async anythingPending(): Promise<boolean> {
    const { rows } = await this.options.pool.query<{ pending: boolean }>(OUTBOX_STATEMENTS.pending);
    return rows[0]?.pending === true;
  }

  /**
   * Batches on one connection of the pool, which holds the relay's lock from the first read to
   * the last mark. The first statement takes the lock and reads a batch; while more is due (the
   * batch was full, or a commit woke the relay after it was read), each next statement marks what
   * the last batch published and reads the next one; the last marks and gives the lock back.
   * Under a steady stream of commits a batch costs one statement; a lone batch costs two. The
   * lock is the session's, not a transaction's: a transaction around each batch cost a BEGIN and
   * a COMMIT besides its read and its mark.
   */
  private async publishPending(): Promise<void> {
    const client = await this.options.pool.connect();
    let locked = false;
    // A connection whose lock could not be given back leaves the pool (closing it frees the lock).
    let broken: Error | undefined;
    try {
      let read = await client.query<BatchRow>({ ...OUTBOX_STATEMENTS.batch, values: [this.batchSize] });
      locked = read.rows[0]?.held === true;
      if (!locked) return;
      for (;;) {
        const rows = read.rows.filter((row): row is BatchRow & PendingRow => row.id !== null);
        const { published, failure } = await this.publishRows(rows);
        recordPublishedEvents(published);
        const ids = published.map((row) => row.id);
        // A batch shorter than the limit was everything there was when it was read; a commit
        // after that read wakes the relay, and the wake is taken here by reading again.
        const more = failure === undefined && !this.stopped && (rows.length === this.batchSize || this.takeWake());
        if (!more) {
          await client.query({ ...OUTBOX_STATEMENTS.markAndUnlock, values: [ids] });
          locked = false;
          // The marked prefix is committed; the next pass retries the rest.
          if (failure !== undefined) throw failure;
          return;
        }
        read = await client.query<BatchRow>({ ...OUTBOX_STATEMENTS.markAndRead, values: [this.batchSize, ids] });
      }
    } finally {
      if (locked) {
        await client.query(OUTBOX_STATEMENTS.unlock).catch((error: unknown) => {
          broken = error instanceof Error ? error : new Error(String(error));
        });
      }
      client.release(broken);
    }
  }

  /**
   * Every row of the batch is sent before any acknowledgement is awaited (one round trip for the
   * batch, not one per row). They travel in seq order on the one connection and the stream stores
   * them in that order. Only the rows before the first failure count as published: the failed
   * row and every row after it are published again on the next pass (in seq order, the ones
   * JetStream already stored dropped by Nats-Msg-Id).
   */
  private async publishRows(rows: PendingRow[]): Promise<{ published: PendingRow[]; failure?: unknown }> {
    const outcomes = await Promise.allSettled(
      rows.map((row) =>
        publish(this.options.js, row.subject, JSON.stringify(row.payload), { msgId: row.id, headers: row.headers }),
      ),
    );
    const failed = outcomes.findIndex((outcome) => outcome.status === 'rejected');
    if (failed === -1) return { published: rows };
    return { published: rows.slice(0, failed), failure: (outcomes[failed] as PromiseRejectedResult).reason };
  }

  /** Whether a commit woke the relay since this was last asked (and the wake is taken). */
  private takeWake(): boolean {
    const woken = this.wakeRequested;
    this.wakeRequested = false;
    return woken;
  }
}

/** The relay's statements, prepared by name on each of the pool's connections. */
const RELAY_LOCK = `hashtext(current_schema() || '.outbox_events')`;
const OUTBOX_STATEMENTS = {
  pending: {
    name: 'outbox_pending',
    text: 'SELECT EXISTS (SELECT 1 FROM outbox_events WHERE published_at IS NULL) AS pending',
  },
  /**
   * One relay per schema at a time, whatever the number of replicas: two relays on disjoint
   * batches would publish in parallel and could reorder one aggregate's events. The lock is taken
   * in the same statement as the read (a relay that does not get it reads nothing), in a CTE so
   * that it is taken once, before any row is read; the answer has one row even when no event is
   * pending, so the relay knows whether it holds the lock it must give back. A crashed relay's
   * connection closes, which frees the lock; a row it published but did not mark is published
   * again with the same Nats-Msg-Id, and JetStream drops the copy.
   */
  batch: {
    name: 'outbox_lock_batch',
    text: `WITH relay AS (SELECT pg_try_advisory_lock(${RELAY_LOCK}) AS held)
           SELECT relay.held, pending.id, pending.subject, pending.payload, pending.headers
             FROM relay
             LEFT JOIN LATERAL (SELECT id, subject, payload, headers, seq FROM outbox_events
                                 WHERE relay.held AND published_at IS NULL ORDER BY seq LIMIT $1) pending ON true
            ORDER BY pending.seq`,
  },
  /**
   * The published rows ($2) marked and the next batch read, the lock kept. The read sees the table
   * as it was before the marks, so the rows just marked are left out by id.
   */
  markAndRead: {
    name: 'outbox_mark_batch',
    text: `WITH marked AS (UPDATE outbox_events SET published_at = now() WHERE id = ANY($2::uuid[]) RETURNING id)
           SELECT true AS held, id, subject, payload, headers FROM outbox_events
            WHERE published_at IS NULL AND id <> ALL($2::uuid[]) ORDER BY seq LIMIT $1`,
  },
  /**
   * The published rows marked, and the lock given back, in one statement. The lock goes just
   * before the marks commit: a relay that takes it in that instant reads those rows again and
   * publishes them again, and JetStream drops the copies by Nats-Msg-Id, in order.
   */
  markAndUnlock: {
    name: 'outbox_mark_unlock',
    text: `WITH marked AS (UPDATE outbox_events SET published_at = now() WHERE id = ANY($1::uuid[]) RETURNING id)
           SELECT pg_advisory_unlock(${RELAY_LOCK}) AS released, (SELECT count(*) FROM marked)::int AS marked`,
  },
  /** The lock given back after a pass that ended without its marks (an error). */
  unlock: {
    name: 'outbox_unlock',
    text: `SELECT pg_advisory_unlock(${RELAY_LOCK}) AS released`,
  },
} satisfies Record<string, NamedStatement>;

/**
 * Published rows older than `keepHours` go (0 keeps them forever). An unpublished row is never
 * deleted, whatever its age: the relay still owes it to JetStream.
 */
export function outboxRetention(pool: pg.Pool, keepHours: number): RetentionRule {
  return {
    table: 'outbox_events',
    keepMs: keepHours * HOUR_MS,
    async deleteBatch(cutoff, limit) {
      const result = await pool.query(
        `DELETE FROM outbox_events WHERE id = ANY(ARRAY(
           SELECT id FROM outbox_events WHERE published_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED))`,
        [cutoff, limit],
      );
      return result.rowCount ?? 0;
    },
  };
}

export interface EventPublisher {
  bus: Bus;
  relay: OutboxRelay;
  /** The retention rule of this service's published outbox rows. */
  outboxRetention(keepHours: number): RetentionRule;
  /** Stops the relay (after its pass in progress), then closes NATS and the pool. */
  close(): Promise<void>;
}

/** What every event-producing service starts with: NATS (as its own user), the EVENTS stream, and its outbox relay. */
export async function startEventPublisher(options: {
  name: string;
  nats: BusAccess;
  databaseUrl: string;
  schema: string;
  logger: Logger;
}): Promise<EventPublisher> {
  const bus = await connectBus(options.nats, options.name, options.logger);
  await requireStream(bus.jsm, STREAMS.events.name);
  const pool = schemaPool(options.databaseUrl, options.schema);
  const relay = new OutboxRelay({ pool, js: bus.js, logger: options.logger });
  observeOutbox(pool);
  relay.start();
  return {
    bus,
    relay,
    outboxRetention: (keepHours) => outboxRetention(pool, keepHours),
    async close() {
      await relay.stop();
      await bus.close();
      await pool.end();
    },
  };
}
