import { randomUUID } from 'node:crypto';
import { DomainError } from '@otp/platform';
import type { Db } from './database.js';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'succeeded', 'failed'];

export interface NewDelivery {
  projectId: string;
  eventId: string;
  eventType: string;
  url: string;
  host: string;
  body: string;
  /** traceparent/tracestate of the intake span. */
  traceContext: Record<string, string>;
  /** Set when the URL is unusable from the start: the delivery is stored as failed with it. */
  refusal?: string;
}

/** A delivery this process holds a lease on, for one attempt. */
export interface ClaimedDelivery {
  id: string;
  projectId: string;
  eventId: string;
  url: string;
  host: string;
  body: string;
  series: number;
  seriesAttempts: number;
  traceContext: Record<string, string>;
}

export interface AttemptRecord {
  startedAt: Date;
  durationMs: number;
  statusCode?: number;
  error?: string;
  responseSnippet: string;
}

/** A try recorded before its POST. */
export interface StartedAttempt {
  id: string;
  number: number;
}

/** What the attempt decided: done (succeeded/failed) or pending again after `retryInMs`. */
export type NextState =
  { status: 'succeeded' } | { status: 'failed'; error: string } | { status: 'pending'; retryInMs: number };

export class Deliveries {
  constructor(private readonly db: Db) {}

  /** Stores the delivery unless (event, url) is already stored; true when it was new. */
  async add(delivery: NewDelivery): Promise<boolean> {
    const { refusal, ...fields } = delivery;
    const created = await this.db.delivery.createMany({
      data: [
        {
          id: randomUUID(),
          ...fields,
          status: refusal ? 'failed' : 'pending',
          nextAttemptAt: refusal ? null : new Date(0), // due at once (the database clock decides)
          lastError: refusal ?? null,
        },
      ],
      skipDuplicates: true,
    });
    return created.count === 1;
  }

  /**
   * Leases up to `free` due deliveries, at most `perHost` in flight per endpoint counting the
   * ones this process already runs (`busy`). The lease pushes next_attempt_at ahead, so a
   * process that dies mid-attempt leaves the delivery due again once the lease ends. SKIP LOCKED
   * lets several dispatcher replicas claim side by side.
   */
  async claimDue(options: {
    free: number;
    perHost: number;
    busy: Map<string, number>;
    leaseMs: number;
  }): Promise<ClaimedDelivery[]> {
    const hosts = [...options.busy.keys()];
    const counts = hosts.map((host) => options.busy.get(host) ?? 0);
    return this.db.$queryRaw<ClaimedDelivery[]>`
      WITH busy AS (
        SELECT * FROM unnest(${hosts}::text[], ${counts}::int[]) AS b(host, in_flight)
      ), ranked AS (
        SELECT id, host, next_attempt_at,
               row_number() OVER (PARTITION BY host ORDER BY next_attempt_at, id) AS place
          FROM deliveries
         WHERE status = 'pending' AND next_attempt_at <= now()
      ), eligible AS (
        SELECT r.id, r.next_attempt_at FROM ranked r LEFT JOIN busy b ON b.host = r.host
         WHERE r.place <= ${options.perHost} - coalesce(b.in_flight, 0)
      ), picked AS (
        SELECT d.id FROM deliveries d JOIN eligible e ON e.id = d.id
         WHERE d.status = 'pending' AND d.next_attempt_at <= now()
         ORDER BY e.next_attempt_at
         LIMIT ${options.free}
           FOR UPDATE OF d SKIP LOCKED
      )
      UPDATE deliveries d SET next_attempt_at = now() + ${options.leaseMs} * interval '1 millisecond'
        FROM picked WHERE d.id = picked.id
      RETURNING d.id, d.project_id AS "projectId", d.event_id AS "eventId", d.url, d.host, d.body,
                d.series, d.series_attempts AS "seriesAttempts", d.trace_context AS "traceContext"`;
  }

  /**
   * Records the try before its POST (status started) and returns its number. A started try left
   * by an earlier holder of the lease (a dispatcher that died mid-POST: the lease ran out, so
   * it is no longer running) is marked interrupted first, so the log shows it.
   */
  async startAttempt(claimed: ClaimedDelivery, startedAt: Date): Promise<StartedAttempt | undefined> {
    return this.db.$transaction(async (tx) => {
      const [current] = await tx.$queryRaw<{ attempts: number }[]>`
        SELECT attempts FROM deliveries WHERE id = ${claimed.id}::uuid FOR UPDATE`;
      if (!current) return undefined;
      await tx.$executeRaw`
        UPDATE delivery_attempts SET status = 'interrupted'
         WHERE delivery_id = ${claimed.id}::uuid AND status = 'started'`;
      const number = current.attempts + 1;
      const id = randomUUID();
      await tx.deliveryAttempt.create({
        data: { id, deliveryId: claimed.id, number, series: claimed.series, status: 'started', startedAt },
      });
      await tx.$executeRaw`UPDATE deliveries SET attempts = ${number}, updated_at = now() WHERE id = ${claimed.id}::uuid`;
      return { id, number };
    });
  }

  /**
   * Completes the started try and moves the delivery on. When a replay started a new series
   * meanwhile, the attempt is kept in the log but the replay's state wins.
   */
  async finishAttempt(
    claimed: ClaimedDelivery,
    started: StartedAttempt,
    attempt: AttemptRecord,
    next: NextState,
  ): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const [current] = await tx.$queryRaw<{ series: number }[]>`
        SELECT series FROM deliveries WHERE id = ${claimed.id}::uuid FOR UPDATE`;
      if (!current) return;
      await tx.$executeRaw`
        UPDATE delivery_attempts SET status = 'completed', duration_ms = ${attempt.durationMs},
               status_code = ${attempt.statusCode ?? null}::int, error = ${attempt.error ?? null}::text,
               response_snippet = ${attempt.responseSnippet}
         WHERE id = ${started.id}::uuid`;
      const sameSeries = current.series === claimed.series;
      const retryInMs = next.status === 'pending' ? next.retryInMs : 0;
      const error = next.status === 'failed' ? next.error : (attempt.error ?? null);
      await tx.$executeRaw`
        UPDATE deliveries SET
          series_attempts = CASE WHEN ${sameSeries} THEN series_attempts + 1 ELSE series_attempts END,
          status = CASE WHEN ${sameSeries} THEN ${next.status} ELSE status END,
          next_attempt_at = CASE WHEN NOT ${sameSeries} THEN next_attempt_at
                                 WHEN ${next.status} = 'pending' THEN now() + ${retryInMs} * interval '1 millisecond'
                                 ELSE NULL END,
          last_status_code = ${attempt.statusCode ?? null}::int,
          last_error = CASE WHEN ${next.status} = 'succeeded' THEN NULL ELSE ${error}::text END,
          updated_at = now()
        WHERE id = ${claimed.id}::uuid`;
    });
  }

  async list(projectId: string, status: DeliveryStatus | undefined, limit: number) {
    return this.db.delivery.findMany({
      where: { projectId, ...(status ? { status } : {}) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      include: { attemptLog: { orderBy: { number: 'desc' }, take: 10 } },
    });
  }

  /** Starts a new attempt series now (any status); the attempt log is kept. */
  async replay(projectId: string, deliveryId: string) {
    const updated = await this.db.$executeRaw`
      UPDATE deliveries SET status = 'pending', series = series + 1, series_attempts = 0,
             next_attempt_at = now(), updated_at = now()
       WHERE id = ${deliveryId}::uuid AND project_id = ${projectId}`;
    if (updated === 0) throw new DomainError('DELIVERY_NOT_FOUND', `no delivery ${deliveryId} in project ${projectId}`);
    return this.db.delivery.findUniqueOrThrow({
      where: { id: deliveryId },
      include: { attemptLog: { orderBy: { number: 'desc' }, take: 10 } },
    });
  }
}

export type ListedDelivery = Awaited<ReturnType<Deliveries['list']>>[number];
