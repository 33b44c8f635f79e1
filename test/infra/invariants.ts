// The invariants that hold after any fault, checked, from the public API, the admin
// ledger, SQL, the EVENTS stream, the webhook receiver and the sandbox. Each check returns the
// violations it found, each naming the sid (or reference, or number) and the invariant, so one
// run shows every broken promise at once instead of stopping at the first.
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type pg from 'pg';
import { connectObserver, type SuiteNats } from './bus.js';
import type { JsonClient } from './http.js';
import { cents, ledgerOf, type LedgerEntry } from './money.js';
import { inboxOf, type Kind, type Outcome } from './workload.js';

/**
 * Where a resource may rest once the platform settled. A messenger code `sent` is with the
 * provider and charged; only its delivery report is outstanding (one lost while the gateway was
 * down is caught up at expiry, minutes later), so it counts as settled here, unlike `sending`.
 */
export const FINAL: Record<Kind, readonly string[]> = {
  // enqueue_failed: the request was answered 503 QUEUE_UNAVAILABLE (never a 201; checked below).
  sms: ['sent', 'failed', 'enqueue_failed'],
  messenger: ['sent', 'delivered', 'read', 'expired', 'revoked', 'failed'],
  verification: ['approved', 'expired', 'failed'],
};

const READ_PATH: Record<Kind, (sid: string) => string> = {
  sms: (sid) => `/messages/sms/${sid}`,
  messenger: (sid) => `/messages/messenger/${sid}`,
  verification: (sid) => `/verifications/${sid}`,
};

export function kindOfSid(sid: string): Kind | undefined {
  if (sid.startsWith('SM')) return 'sms';
  if (sid.startsWith('TG')) return 'messenger';
  if (sid.startsWith('VE')) return 'verification';
  return undefined;
}

interface Resource {
  sid: string;
  status: string;
  to: string;
  cost: string;
  attempts?: { sid: string; channel: string; status: string; cost: string }[];
}

export interface StreamEvent {
  id: string;
  type: string;
  sid: string;
  projectId: string;
}

export interface ReceivedWebhook {
  webhookId: string;
  type: string;
  sid: string;
}

/** What the checks read; gather it once the platform has settled. */
export interface Observed {
  projectId: string;
  outcomes: Outcome[];
  /** Every resource of the project (the 201s and any a failed request left), by sid, as the API shows it. */
  resources: Map<string, Resource & { kind: Kind }>;
  ledger: LedgerEntry[];
  balanceCents: number;
  openHolds: { reference: string; amount_cents: string }[];
  events: StreamEvent[];
  webhooks: ReceivedWebhook[];
  /** Who a send belongs to, for sends of verifications (e.g. "verify send of VE..., status sent"). */
  owners: Map<string, string>;
  /** Per number: SMS the carrier accepted, messenger codes the provider got. */
  received: Map<string, { sms: number; messenger: number }>;
  /** The project's spend per UTC day, from the ledger: what each day's movements counted on it. */
  spendDays: { day: string; cents: number }[];
  /** The project's daily spend limit in cents (null: none), and Billing's running total for its day. */
  spendLimit: { limitCents: number | null; day: string | null; spentCents: number };
}

/** Every sid of the project in the owners' tables (verify's own sends are found through their verification). */
export async function sidsInDatabase(db: pg.Pool, projectId: string): Promise<string[]> {
  const { rows } = await db.query<{ sid: string }>(
    `SELECT sid FROM sms.messages WHERE project_id = $1 AND purpose = 'direct'
     UNION ALL SELECT sid FROM messenger.codes WHERE project_id = $1 AND purpose = 'direct'
     UNION ALL SELECT sid FROM verify.verifications WHERE project_id = $1`,
    [projectId],
  );
  return rows.map((row) => row.sid);
}

export async function readResource(api: JsonClient, sid: string): Promise<(Resource & { kind: Kind }) | undefined> {
  const kind = kindOfSid(sid);
  if (!kind) return undefined;
  const response = await api.get<Resource>(READ_PATH[kind](sid));
  if (response.status === 404) return undefined;
  if (response.status !== 200) throw new Error(`GET ${sid}: ${response.status} ${response.text}`);
  return { ...response.body, kind };
}

/** Every event on the EVENTS stream, read with an ordered consumer from the first to the last one stored now. */
export async function readStreamEvents(nats: SuiteNats): Promise<StreamEvent[]> {
  const nc = await connectObserver(nats);
  try {
    const js = jetstream(nc);
    const jsm = await jetstreamManager(nc);
    const last = (await jsm.streams.info('EVENTS')).state.last_seq;
    const consumer = await js.consumers.get('EVENTS');
    const events: StreamEvent[] = [];
    let seen = 0;
    while (seen < last) {
      let got = 0;
      for await (const message of await consumer.fetch({ max_messages: 500, expires: 2000 })) {
        got += 1;
        seen = message.seq;
        const envelope = message.json<{ id: string; type: string; project_id: string; data: { sid: string } }>();
        events.push({ id: envelope.id, type: envelope.type, sid: envelope.data.sid, projectId: envelope.project_id });
      }
      if (got === 0) break;
    }
    return events;
  } finally {
    await nc.close();
  }
}

/** Reads everything the checks need for one project. */
export async function observe(options: {
  projectId: string;
  outcomes: Outcome[];
  api: JsonClient;
  admin: JsonClient;
  sandbox: JsonClient;
  db: pg.Pool;
  nats: SuiteNats;
  webhooks: ReceivedWebhook[];
}): Promise<Observed> {
  const sids = new Set([
    ...options.outcomes.flatMap((o) => (o.sid ? [o.sid] : [])),
    ...(await sidsInDatabase(options.db, options.projectId)),
  ]);
  const resources = new Map<string, Resource & { kind: Kind }>();
  for (const sid of sids) {
    const resource = await readResource(options.api, sid);
    if (resource) resources.set(sid, resource);
  }
  const ledger = await ledgerOf(options.admin, options.projectId);
  const project = await options.admin.get<{ balance: string }>(`/projects/${options.projectId}`);
  const { rows: openHolds } = await options.db.query<{ reference: string; amount_cents: string }>(
    `SELECT reference, amount_cents::text FROM billing.holds WHERE project_id = $1 AND status = 'held'`,
    [options.projectId],
  );
  const numbers = new Set([...options.outcomes.map((o) => o.to), ...[...resources.values()].map((r) => r.to)]);
  const received = new Map<string, { sms: number; messenger: number }>();
  for (const to of numbers) {
    const submits = await options.sandbox.get<{ accepted: number }>(`/carrier/submits?to=${encodeURIComponent(to)}`);
    const inbox = await inboxOf(options.sandbox, to);
    received.set(to, {
      sms: submits.body?.accepted ?? 0,
      messenger: inbox.filter((m) => m.channel === 'messenger').length,
    });
  }
  const events = (await readStreamEvents(options.nats)).filter((e) => e.projectId === options.projectId);
  const spending = await spendOf(options.db, options.projectId);
  const { rows: sends } = await options.db.query<{
    sid: string;
    purpose: string;
    owner: string | null;
    status: string;
  }>(
    `SELECT sid, purpose, metadata->>'verification_sid' AS owner, status FROM sms.messages WHERE project_id = $1
     UNION ALL
     SELECT sid, purpose, metadata->>'verification_sid', status FROM messenger.codes WHERE project_id = $1`,
    [options.projectId],
  );
  const owners = new Map(
    sends.map((send) => [
      send.sid,
      `${send.purpose} send${send.owner ? ` of ${send.owner}` : ''}, status ${send.status}`,
    ]),
  );
  return {
    projectId: options.projectId,
    outcomes: options.outcomes,
    resources,
    ledger,
    balanceCents: cents(project.body.balance),
    openHolds,
    events,
    owners,
    webhooks: options.webhooks,
    received,
    ...spending,
  };
}

/**
 * A project's spend per UTC day as its ledger counts it (every movement but a credit names the day
 * it counts on: a debit its own, a release or refund the day its money was counted; entries from
 * before that column count on the day they were written), and Billing's limit and running total.
 */
export async function spendOf(db: pg.Pool, projectId: string): Promise<Pick<Observed, 'spendDays' | 'spendLimit'>> {
  const days = await db.query<{ day: string; cents: string }>(
    `SELECT to_char(COALESCE(spend_day, (created_at AT TIME ZONE 'UTC')::date), 'YYYY-MM-DD') AS day,
            (-SUM(amount_cents))::text AS cents
       FROM billing.ledger_entries WHERE project_id = $1 AND kind <> 'credit' GROUP BY 1 ORDER BY 1`,
    [projectId],
  );
  const account = await db.query<{ limit_cents: string | null; day: string | null; spent: string }>(
    `SELECT daily_spend_limit_cents::text AS limit_cents, to_char(spend_day, 'YYYY-MM-DD') AS day,
            spent_today_cents::text AS spent
       FROM billing.accounts WHERE project_id = $1`,
    [projectId],
  );
  const row = account.rows[0];
  return {
    spendDays: days.rows.map((d) => ({ day: d.day, cents: Number(d.cents) })),
    spendLimit: {
      limitCents: row?.limit_cents == null ? null : Number(row.limit_cents),
      day: row?.day ?? null,
      spentCents: Number(row?.spent ?? 0),
    },
  };
}

/** Every 201 (and every resource a failed request left) is final, and its final news went out exactly once. */
export function finalExactlyOnce(o: Observed): string[] {
  const violations: string[] = [];
  for (const outcome of o.outcomes.filter((x) => x.status === 201)) {
    const sid = outcome.sid ?? '(no sid)';
    if (!o.resources.has(sid)) violations.push(`${sid} (${outcome.key}): answered 201 but the API does not find it`);
  }
  const answered = new Map(o.outcomes.flatMap((x) => (x.sid ? [[x.sid, x] as const] : [])));
  for (const [sid, resource] of o.resources) {
    const origin = answered.has(sid) ? 'answered 201' : 'left by a request answered 4xx/5xx or never answered';
    if (!FINAL[resource.kind].includes(resource.status)) {
      violations.push(`${sid} (${origin}): not final, still ${resource.status} [every 201 ends in a final state]`);
    }
    if (answered.has(sid) && resource.status === 'enqueue_failed') {
      violations.push(`${sid} (answered 201): enqueue_failed [every 201 ends in a final state]`);
    }
    const finalTypes = FINAL_EVENT_TYPES[resource.kind];
    const ofSid = o.events.filter((e) => e.sid === sid);
    // The same event id twice on the stream means JetStream's dedup did not hold: consumers see it twice.
    const ids = ofSid.map((e) => e.id);
    if (new Set(ids).size !== ids.length) violations.push(`${sid}: an event published twice on the stream`);
    const byType = new Map<string, Set<string>>();
    for (const event of ofSid) byType.set(event.type, (byType.get(event.type) ?? new Set()).add(event.id));
    for (const [type, distinct] of byType) {
      if (distinct.size > 1) violations.push(`${sid}: ${distinct.size} distinct ${type} events [exactly once]`);
    }
    // A message the queue never took announces that too (sms.failed): its caller may have hung up
    // before the 503, or been told `queued` by a repeat while the publish was failing.
    if (finalTypes.length > 0) {
      const finals = new Set(ofSid.filter((e) => finalTypes.some((t) => e.type.startsWith(t))).map((e) => e.id));
      if (FINAL[resource.kind].includes(resource.status) && finals.size !== 1) {
        violations.push(
          `${sid}: ${finals.size} final events on the stream for final status ${resource.status} [exactly one]`,
        );
      }
      const hooks = new Set(
        o.webhooks.filter((w) => w.sid === sid && finalTypes.some((t) => w.type.startsWith(t))).map((w) => w.webhookId),
      );
      if (FINAL[resource.kind].includes(resource.status) && hooks.size !== 1) {
        violations.push(`${sid}: ${hooks.size} distinct final webhooks received [exactly one]`);
      }
    }
  }
  return violations;
}

/** The event types that announce a resource's end (messenger codes have none: every change is news). */
const FINAL_EVENT_TYPES: Record<Kind, string[]> = {
  sms: ['sms.sent', 'sms.failed'],
  messenger: [],
  verification: ['verification.'],
};

/** References a resource accounts for in the ledger: its sid and its sends' sids. */
function referencesOf(resource: Resource): string[] {
  return [resource.sid, ...(resource.attempts ?? []).map((a) => a.sid)];
}

function netCentsOf(ledger: LedgerEntry[], references: Set<string>): number {
  return ledger.filter((e) => references.has(e.reference)).reduce((sum, e) => sum + cents(e.amount), 0);
}

/** Per sid, charges minus refunds equal the cost the API shows; money for no resource is none. */
export function moneyFollowsWork(o: Observed): string[] {
  const violations: string[] = [];
  const accounted = new Set<string>();
  for (const [sid, resource] of o.resources) {
    const references = new Set(referencesOf(resource));
    for (const reference of references) accounted.add(reference);
    const net = netCentsOf(o.ledger, references);
    if (net !== -cents(resource.cost)) {
      // The detail a reader needs to tell which side is wrong: what the API shows, what moved.
      const shown = `${resource.status}${(resource.attempts ?? []).map((a) => ` ${a.channel}:${a.sid}:${a.status}:${a.cost}`).join('')}`;
      const moved = o.ledger
        .filter((e) => references.has(e.reference))
        .map((e) => `${e.kind} ${e.amount} ${e.reference.slice(0, 8)}`)
        .join(', ');
      violations.push(
        `${sid}: ledger nets ${(net / 100).toFixed(2)} but the API shows cost ${resource.cost} [charges - refunds = cost] (shown: ${shown}; ledger: ${moved})`,
      );
    }
  }
  const charges = new Map<string, number>();
  for (const entry of o.ledger.filter((e) => e.kind === 'charge')) {
    charges.set(entry.reference, (charges.get(entry.reference) ?? 0) + 1);
  }
  for (const [reference, count] of charges) {
    if (count > 1) violations.push(`${reference}: charged ${count} times [one charge per sid]`);
  }
  const strays = new Map<string, number>();
  for (const entry of o.ledger) {
    if (entry.kind === 'credit' || accounted.has(entry.reference)) continue;
    strays.set(entry.reference, (strays.get(entry.reference) ?? 0) + cents(entry.amount));
  }
  for (const [reference, net] of strays) {
    if (net !== 0) {
      const owner = o.owners.get(reference);
      violations.push(
        owner
          ? `${reference} (${owner}): ${(net / 100).toFixed(2)} moved but no resource the API shows accounts for it [charges - refunds = cost]`
          : `${reference}: ${(net / 100).toFixed(2)} moved for a request that left no resource [4xx/5xx moves no money]`,
      );
    }
  }
  return violations;
}

/** No hold stays open; the balance is credits minus what was charged and not refunded. */
export function balanceAdds(o: Observed): string[] {
  const violations = o.openHolds.map(
    (hold) =>
      `${hold.reference || '(no reference)'}: hold of ${Number(hold.amount_cents) / 100} still open [no open hold]`,
  );
  const sum = (kinds: string[]) =>
    o.ledger.filter((e) => kinds.includes(e.kind)).reduce((total, e) => total + cents(e.amount), 0);
  const expected = sum(['credit', 'charge', 'refund']);
  if (o.balanceCents !== expected) {
    violations.push(
      `project ${o.projectId}: balance ${(o.balanceCents / 100).toFixed(2)} but credits - (charges - refunds) = ${(expected / 100).toFixed(2)} [balance]`,
    );
  }
  return violations;
}

/**
 * Spend is counted per UTC day on the day the money was counted: no day's spend passes the daily
 * limit (money given back after midnight never makes room on the next day), and Billing's running
 * total for its day is what the ledger counts for that day.
 */
export function spendWithinDailyLimit(o: Pick<Observed, 'projectId' | 'spendDays' | 'spendLimit'>): string[] {
  const violations: string[] = [];
  const { limitCents, day, spentCents } = o.spendLimit;
  for (const spent of o.spendDays) {
    if (limitCents !== null && spent.cents > limitCents) {
      violations.push(
        `project ${o.projectId}: ${(spent.cents / 100).toFixed(2)} spent on ${spent.day}, past the daily limit ${(limitCents / 100).toFixed(2)} [spend per day within the limit]`,
      );
    }
  }
  if (day !== null) {
    const counted = o.spendDays.find((d) => d.day === day)?.cents ?? 0;
    if (counted !== spentCents) {
      violations.push(
        `project ${o.projectId}: Billing counts ${(spentCents / 100).toFixed(2)} spent on ${day} but its ledger ${(counted / 100).toFixed(2)} [spend counted on the day of the charge]`,
      );
    }
  }
  return violations;
}

/** The carrier and the messenger provider got each message at most once per attempt the API shows. */
export function sentAtMostOncePerAttempt(o: Observed): string[] {
  const violations: string[] = [];
  const allowed = new Map<string, { sms: number; messenger: number; by: string }>();
  for (const resource of o.resources.values()) {
    const own =
      resource.kind === 'verification'
        ? {
            sms: (resource.attempts ?? []).filter((a) => a.channel === 'sms').length,
            messenger: (resource.attempts ?? []).filter((a) => a.channel === 'messenger').length,
          }
        : { sms: resource.kind === 'sms' ? 1 : 0, messenger: resource.kind === 'messenger' ? 1 : 0 };
    const before = allowed.get(resource.to) ?? { sms: 0, messenger: 0, by: '' };
    allowed.set(resource.to, {
      sms: before.sms + own.sms,
      messenger: before.messenger + own.messenger,
      by: `${before.by}${before.by ? ',' : ''}${resource.sid}`,
    });
  }
  for (const [to, got] of o.received) {
    const may = allowed.get(to) ?? { sms: 0, messenger: 0, by: 'no resource' };
    if (got.sms > may.sms)
      violations.push(
        `${to} (${may.by}): carrier accepted ${got.sms} SMS for ${may.sms} attempt(s) [at most once per attempt]`,
      );
    if (got.messenger > may.messenger) {
      violations.push(
        `${to} (${may.by}): provider got ${got.messenger} codes for ${may.messenger} attempt(s) [at most once per attempt]`,
      );
    }
  }
  return violations;
}

/** Every invariant; empty when all hold. */
export function checkInvariants(o: Observed): string[] {
  return [...finalExactlyOnce(o), ...checkMoneyInvariants(o)];
}

/**
 * The money invariants alone (no webhook or event counts: a suite without a webhook receiver):
 * balance = credits - charges + refunds with no hold left open, every cost shown equals the
 * ledger for its sid, spend per day within the limit, each message sent at most once per attempt.
 */
export function checkMoneyInvariants(o: Observed): string[] {
  return [...moneyFollowsWork(o), ...balanceAdds(o), ...spendWithinDailyLimit(o), ...sentAtMostOncePerAttempt(o)];
}

/** Unfinished work that settling waits for (empty when settled), including final webhooks not yet received. */
export async function unsettled(
  db: pg.Pool,
  api: JsonClient,
  projectId: string,
  outcomes: Outcome[],
  webhooks: () => ReceivedWebhook[],
): Promise<string[]> {
  const left: string[] = [];
  const sids = new Set([...outcomes.flatMap((o) => (o.sid ? [o.sid] : [])), ...(await sidsInDatabase(db, projectId))]);
  const answered = new Set(outcomes.flatMap((o) => (o.sid ? [o.sid] : [])));
  const received = webhooks();
  for (const sid of sids) {
    const resource = await readResource(api, sid).catch(() => undefined);
    if (!resource) continue;
    if (!FINAL[resource.kind].includes(resource.status)) {
      left.push(`${sid} ${resource.status}`);
      continue;
    }
    const finalTypes = FINAL_EVENT_TYPES[resource.kind];
    const announced = received.some((w) => w.sid === sid && finalTypes.some((t) => w.type.startsWith(t)));
    if (answered.has(sid) && finalTypes.length > 0 && !announced) {
      left.push(`${sid} final webhook not received yet`);
    }
  }
  const { rows } = await db.query<{ what: string; n: number }>(
    `SELECT 'open holds' AS what, count(*)::int AS n FROM billing.holds WHERE project_id = $1 AND status = 'held'
     UNION ALL SELECT 'sms outbox', count(*)::int FROM sms.outbox_events WHERE published_at IS NULL
     UNION ALL SELECT 'messenger outbox', count(*)::int FROM messenger.outbox_events WHERE published_at IS NULL
     UNION ALL SELECT 'verify outbox', count(*)::int FROM verify.outbox_events WHERE published_at IS NULL
     UNION ALL SELECT 'pending webhooks', count(*)::int FROM webhooks.deliveries WHERE project_id = $1 AND status = 'pending'
     UNION ALL SELECT 'verifications final but not settled', count(*)::int FROM verify.verifications
                WHERE project_id = $1 AND status IN ('approved', 'expired', 'failed') AND settled_at IS NULL
     UNION ALL SELECT 'verification starts not finished or undone', count(*)::int FROM verify.verifications
                WHERE project_id = $1 AND (status = 'starting' OR (status = 'discarded' AND money_due))
     UNION ALL SELECT 'sms intents or money due', count(*)::int FROM sms.messages
                WHERE project_id = $1 AND (status = 'accepted' OR money_due)
     UNION ALL SELECT 'messenger refunds due', count(*)::int FROM messenger.codes WHERE project_id = $1 AND refund = 'due'
     -- An SMS verify sent for a shown verification that no attempt lists yet: its status report is
     -- still on its way to verify (which adopts it), or the verification's fallback will replay it.
     UNION ALL SELECT 'verify sends not yet an attempt', count(*)::int FROM sms.messages m
                JOIN verify.verifications v ON v.sid = m.metadata->>'verification_sid'
                WHERE m.project_id = $1 AND m.purpose = 'verify' AND m.status IN ('queued', 'processing', 'sent', 'failed')
                  AND v.status NOT IN ('starting', 'discarded')
                  AND NOT EXISTS (SELECT 1 FROM verify.attempts a WHERE a.sid = m.sid)`,
    [projectId],
  );
  for (const row of rows) if (row.n > 0) left.push(`${row.n} ${row.what}`);
  return left;
}
