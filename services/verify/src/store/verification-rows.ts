import type { NamedStatement, StatementRunner } from '@otp/platform';
import type { AttemptChannel } from '../domain/attempt-status.js';
import type { AttemptState, FallbackReason, VerificationState, VerificationStatus } from '../domain/verification.js';
import { Prisma } from '../generated/prisma/client.js';

// How a verification is stored and read back: the record the operations work on, its row, and
// the one read every use shares. Only shown verifications are read here: a start intent
// (`starting`) or a discarded start is no verification yet (see start-intents.ts).
export interface AttemptRecord extends AttemptState {
  createdAt: Date;
}

export interface VerificationRecord {
  sid: string;
  projectId: string;
  status: VerificationStatus;
  to: string;
  channel: AttemptChannel;
  fallbackReason: FallbackReason | null;
  checksLeft: number;
  feeCents: number;
  feeRefunded: boolean;
  delivered: boolean;
  costCents: number;
  metadata: Record<string, unknown>;
  callbackUrl: string | null;
  lastError: string | null;
  createdAt: Date;
  expiresAt: Date;
  approvedAt: Date | null;
  finishedAt: Date | null;
  settledAt: Date | null;
  codeMac: Uint8Array;
  codeSealed: Uint8Array | null;
  switchOnFailure: boolean;
  fallbackDueAt: Date | null;
  smsFrom: string | null;
  smsText: string;
  attempts: AttemptRecord[];
  /** The row version this copy shows: a change decided on it applies only while it is current. */
  version: string;
}

export type VerificationChanges = Partial<
  Pick<
    VerificationRecord,
    | 'status'
    | 'channel'
    | 'fallbackReason'
    | 'checksLeft'
    | 'feeRefunded'
    | 'delivered'
    | 'costCents'
    | 'lastError'
    | 'approvedAt'
    | 'finishedAt'
    | 'settledAt'
    | 'fallbackDueAt'
  >
> & {
  /** The sealed code is only ever kept or erased (null), never replaced. */
  codeSealed?: null;
};

export type NewVerification = Omit<
  VerificationRecord,
  'attempts' | 'approvedAt' | 'finishedAt' | 'settledAt' | 'lastError' | 'version'
>;

/** A `verifications` row as the reads below return it, with its attempts in send order. */
export interface VerificationRow {
  sid: string;
  project_id: string;
  status: string;
  to_number: string;
  channel: string;
  fallback_reason: string | null;
  checks_left: number;
  fee_cents: number;
  fee_refunded: boolean;
  delivered: boolean;
  cost_cents: number;
  metadata: Prisma.JsonValue;
  callback_url: string | null;
  last_error: string | null;
  created_at: Date;
  expires_at: Date;
  approved_at: Date | null;
  finished_at: Date | null;
  settled_at: Date | null;
  code_mac: string;
  code_sealed: string | null;
  switch_on_failure: boolean;
  fallback_due_at: Date | null;
  sms_from: string | null;
  sms_text: string;
  version: string;
  attempts: { sid: string; channel: string; status: string; cost_cents: number; created_at: string }[];
}

/**
 * New attempts of verification `$1`, written only when the CTE `verification` found its row: the
 * five arrays (sid, channel, status, cost_cents, created_at) from parameter `$first` on, inserted
 * in their order. Shared by the start's pending update and every later change.
 */
export function insertAttempts(first: number): string {
  const [sids, channels, statuses, costs, createdAt] = [0, 1, 2, 3, 4].map((i) => `$${first + i}`);
  return `INSERT INTO attempts (sid, verification_sid, channel, status, cost_cents, created_at)
           SELECT n.sid, $1::text, n.channel, n.status, n.cost_cents, n.created_at
             FROM verification,
                  unnest(${sids}::text[], ${channels}::text[], ${statuses}::text[], ${costs}::int[], ${createdAt}::timestamptz[])
                  WITH ORDINALITY AS n(sid, channel, status, cost_cents, created_at, position)
            ORDER BY n.position`;
}

export function dateOrNull(value: Date | null): Date | null {
  return value === null ? null : new Date(value);
}

export function fromRow(row: VerificationRow): VerificationRecord {
  return {
    sid: row.sid,
    projectId: row.project_id,
    status: row.status as VerificationStatus,
    to: row.to_number,
    channel: row.channel as AttemptChannel,
    fallbackReason: row.fallback_reason as FallbackReason | null,
    checksLeft: row.checks_left,
    feeCents: row.fee_cents,
    feeRefunded: row.fee_refunded,
    delivered: row.delivered,
    costCents: row.cost_cents,
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
    callbackUrl: row.callback_url,
    lastError: row.last_error,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    approvedAt: dateOrNull(row.approved_at),
    finishedAt: dateOrNull(row.finished_at),
    settledAt: dateOrNull(row.settled_at),
    codeMac: Buffer.from(row.code_mac, 'base64'),
    codeSealed: row.code_sealed === null ? null : Buffer.from(row.code_sealed, 'base64'),
    switchOnFailure: row.switch_on_failure,
    fallbackDueAt: dateOrNull(row.fallback_due_at),
    smsFrom: row.sms_from,
    smsText: row.sms_text,
    version: row.version,
    attempts: row.attempts.map((a) => ({
      sid: a.sid,
      channel: a.channel as AttemptChannel,
      status: a.status,
      costCents: a.cost_cents,
      createdAt: new Date(a.created_at),
    })),
  };
}

// Bytes go out as base64 text: the raw-query path of this Prisma version cannot return bytea.
const SELECT_VERIFICATION_TEXT = `
  SELECT v.sid, v.project_id, v.status, v.to_number, v.channel, v.fallback_reason, v.checks_left, v.fee_cents,
         v.fee_refunded, v.delivered, v.cost_cents, v.metadata, v.callback_url, v.last_error, v.created_at,
         v.expires_at, v.approved_at, v.finished_at, v.settled_at, encode(v.code_mac, 'base64') AS code_mac,
         encode(v.code_sealed, 'base64') AS code_sealed, v.switch_on_failure, v.fallback_due_at, v.sms_from,
         v.sms_text, v.xmin::text AS version,
         (SELECT COALESCE(json_agg(json_build_object('sid', a.sid, 'channel', a.channel, 'status', a.status,
                                                     'cost_cents', a.cost_cents, 'created_at', a.created_at)
                                   ORDER BY a.seq), '[]'::json)
            FROM attempts a WHERE a.verification_sid = v.sid) AS attempts
    FROM verifications v`;
const SHOWN_TEXT = `v.status IN ('pending', 'approved', 'expired', 'failed')`;

export const SELECT_VERIFICATION = Prisma.raw(SELECT_VERIFICATION_TEXT);

/** Rows that are verifications (not start intents nor discarded starts). */
export const SHOWN = Prisma.raw(SHOWN_TEXT);

/** One verification by sid, with its attempts: every check and every status change reads it. */
const READ_VERIFICATION: NamedStatement = {
  name: 'verify_read_verification',
  text: `${SELECT_VERIFICATION_TEXT} WHERE v.sid = $1::text AND ${SHOWN_TEXT}`,
};

export async function readVerification(runner: StatementRunner, sid: string): Promise<VerificationRecord | undefined> {
  const rows = await runner.rows<VerificationRow>(READ_VERIFICATION, [sid]);
  return rows[0] ? fromRow(rows[0]) : undefined;
}

/** The verification an attempt (TG.../SM...) belongs to: every status report of a send reads it. */
const READ_VERIFICATION_OF_ATTEMPT: NamedStatement = {
  name: 'verify_read_verification_of_attempt',
  text: `${SELECT_VERIFICATION_TEXT}
          WHERE v.sid = (SELECT verification_sid FROM attempts WHERE sid = $1::text) AND ${SHOWN_TEXT}`,
};

export async function readVerificationOfAttempt(
  runner: StatementRunner,
  attemptSid: string,
): Promise<VerificationRecord | undefined> {
  const rows = await runner.rows<VerificationRow>(READ_VERIFICATION_OF_ATTEMPT, [attemptSid]);
  return rows[0] ? fromRow(rows[0]) : undefined;
}

/**
 * Pending verifications whose expiry or timeout fallback is due, read whole: the timer's batch.
 * Parameters: now, limit.
 */
const READ_DUE: NamedStatement = {
  name: 'verify_read_due',
  text: `${SELECT_VERIFICATION_TEXT}
          WHERE v.sid IN (SELECT sid FROM verifications WHERE status = 'pending' AND expires_at <= $1::timestamptz
                          UNION
                          SELECT sid FROM verifications WHERE status = 'pending' AND fallback_due_at <= $1::timestamptz
                          LIMIT $2::int)`,
};

export async function readDue(runner: StatementRunner, now: Date, limit: number): Promise<VerificationRecord[]> {
  const rows = await runner.rows<VerificationRow>(READ_DUE, [now, limit]);
  return rows.map(fromRow);
}

/** The part of a record the state machine decides on. */
export function stateOf(record: VerificationRecord): VerificationState {
  return {
    status: record.status,
    channel: record.channel,
    fallbackReason: record.fallbackReason,
    checksLeft: record.checksLeft,
    expiresAt: record.expiresAt,
    fallbackDueAt: record.fallbackDueAt,
    switchOnFailure: record.switchOnFailure,
    delivered: record.delivered,
    attempts: record.attempts,
  };
}
