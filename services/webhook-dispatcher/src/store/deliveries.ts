import { randomUUID } from 'node:crypto';
import {
  DomainError,
  inPoolTransaction,
  poolRunner,
  StatementBatch,
  type SchemaPool,
  type StatementRunner,
} from '@otp/platform';
import { Prisma } from '../generated/prisma/client.js';
import type { Db } from './database.js';
import { DELIVERY_STATEMENTS } from './delivery-statements.js';

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
  /** The event's resource (domain/event.ts resourceOf) and its sequence in the EVENTS stream. */
  resourceSid: string | null;
  eventSeq: number | null;
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

// The intake and the delivery loop run named statements on the pool (delivery-statements.ts);
// the admin paths (list, replay) stay on Prisma.
export class Deliveries {
  private readonly statements: StatementRunner;
  /**
   * The intake's group commit: the deliveries of the messages in flight at the same moment (up to
   * the consumer's 16) are stored by one statement rather than one round trip and commit each.
   */
  private readonly intake = new StatementBatch((deliveries: Array<NewDelivery & { id: string }>) =>
    this.addAll(deliveries),
  );

  constructor(
    private readonly db: Db,
    private readonly pool: SchemaPool,
  ) {
    this.statements = poolRunner(pool);
  }

  /** Stores the delivery unless (event, url) is already stored; true when it was new. */
  add(delivery: NewDelivery): Promise<boolean> {
    // Resolved once the batch holding it is committed: the intake acks only then.
    return this.intake.submit({ ...delivery, id: randomUUID() });
  }

  /** One multi-row insert for the batch; an id that comes back is a row that was new. */
  private async addAll(deliveries: Array<NewDelivery & { id: string }>): Promise<boolean[]> {
    const created = await this.statements.rows<{ id: string }>(DELIVERY_STATEMENTS.add, [
      deliveries.map((d) => d.id),
      deliveries.map((d) => d.projectId),
      deliveries.map((d) => d.eventId),
      deliveries.map((d) => d.eventType),
      deliveries.map((d) => d.url),
      deliveries.map((d) => d.host),
      deliveries.map((d) => d.body),
      deliveries.map((d) => JSON.stringify(d.traceContext)),
      deliveries.map((d) => (d.refusal ? 'failed' : 'pending')),
      deliveries.map((d) => (d.refusal ? null : new Date(0))), // due at once (the database clock decides)
      deliveries.map((d) => d.refusal ?? null),
      deliveries.map((d) => d.resourceSid),
      deliveries.map((d) => d.eventSeq),
    ]);
    const added = new Set(created.map((row) => row.id));
    return deliveries.map((d) => added.has(d.id));
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
    /** How long a later event of one resource waits for an earlier one (RESOURCE_ORDER_WAIT_MS). */
    orderWaitMs: number;
  }): Promise<ClaimedDelivery[]> {
    const hosts = [...options.busy.keys()];
    const counts = hosts.map((host) => options.busy.get(host) ?? 0);
    return this.statements.rows<ClaimedDelivery>(DELIVERY_STATEMENTS.claimDue, [
      hosts,
      counts,
      options.perHost,
      options.free,
      options.leaseMs,
      options.orderWaitMs,
    ]);
  }

  /**
   * Records the try before its POST (status started) and returns its number. A started try left
   * by an earlier holder of the lease (a dispatcher that died mid-POST: the lease ran out, so
   * it is no longer running) is marked interrupted first, so the log shows it.
   */
  async startAttempt(claimed: ClaimedDelivery, startedAt: Date): Promise<StartedAttempt | undefined> {
    return inPoolTransaction(this.pool, async (tx) => {
      // Locks the delivery first: the started tries read next are those of earlier holders only.
      const [counted] = await tx.rows<{ attempts: number }>(DELIVERY_STATEMENTS.countAttempt, [claimed.id]);
      if (!counted) return undefined;
      const id = randomUUID();
      await tx.rows(DELIVERY_STATEMENTS.startAttempt, [claimed.id, id, counted.attempts, claimed.series, startedAt]);
      return { id, number: counted.attempts };
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
    const retryInMs = next.status === 'pending' ? next.retryInMs : 0;
    const error = next.status === 'failed' ? next.error : (attempt.error ?? null);
    await inPoolTransaction(this.pool, async (tx) => {
      const [moved] = await tx.rows(DELIVERY_STATEMENTS.moveOn, [
        claimed.id,
        claimed.series,
        next.status,
        retryInMs,
        attempt.statusCode ?? null,
        error,
      ]);
      if (!moved) return;
      await tx.rows(DELIVERY_STATEMENTS.completeAttempt, [
        started.id,
        attempt.durationMs,
        attempt.statusCode ?? null,
        attempt.error ?? null,
        attempt.responseSnippet,
      ]);
    });
  }

  /**
   * A project's deliveries with their latest attempts, as of one moment: Prisma reads the
   * deliveries and their attempts in two queries, and an attempt's end commits with its
   * delivery's move (finishAttempt), so the two queries share one snapshot (repeatable read).
   * Otherwise a list taken as an attempt ended could show the attempt completed and its
   * delivery without the status code it got.
   */
  async list(projectId: string, status: DeliveryStatus | undefined, limit: number) {
    return this.db.$transaction(
      (tx) =>
        tx.delivery.findMany({
          where: { projectId, ...(status ? { status } : {}) },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take: limit,
          include: { attemptLog: { orderBy: { number: 'desc' }, take: 10 } },
        }),
      { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
    );
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
