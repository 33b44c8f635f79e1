// Concurrent client load for the chaos and replica suites: SMS sends, messenger sends,
// verification starts and their checks, each request with an Idempotency-Key and retried with the
// same key after a 5xx, a 409 "in use", a timeout or a dropped connection, as a careful client
// does. Every request's final answer is kept, so the invariants can be checked per request.
import { randomUUID } from 'node:crypto';
import type { JsonClient } from './http.js';

export type Kind = 'sms' | 'messenger' | 'verification';

/** One request as the client saw it in the end. */
export interface Outcome {
  kind: Kind;
  key: string;
  to: string;
  /** The final answer's status; 0 when none came before the client gave up. */
  status: number;
  sid?: string;
  /** The final answer's body (or the last error). */
  text: string;
  tries: number;
  /** From the first try to the final answer. */
  elapsedMs: number;
}

/** A seeded PRNG (mulberry32): the same seed gives the same load and fault moments. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Answers worth retrying with the same key: a 5xx (the request may or may not have taken
 * effect) and 409 IDEMPOTENCY_KEY_IN_USE (the first request is still running). Other 409s
 * (e.g. a check of a verification already finished) are final.
 */
function retryable(status: number, body: Record<string, unknown> | undefined): boolean {
  const code = (body?.error as { code?: string } | undefined)?.code;
  return status >= 500 || (status === 409 && code === 'IDEMPOTENCY_KEY_IN_USE');
}

/**
 * POSTs with an Idempotency-Key until the answer is final (not 409/5xx, no timeout), waiting
 * Retry-After (or 200 ms, doubling up to 2 s) between tries, for at most `giveUpMs`.
 */
export async function keyedPost(
  api: JsonClient,
  path: string,
  body: unknown,
  key: string,
  options: { giveUpMs?: number; timeoutMs?: number } = {},
): Promise<{
  status: number;
  body: Record<string, unknown> | undefined;
  text: string;
  tries: number;
  elapsedMs: number;
}> {
  const started = Date.now();
  const deadline = started + (options.giveUpMs ?? 60000);
  let tries = 0;
  let wait = 200;
  let last = { status: 0, body: undefined as Record<string, unknown> | undefined, text: 'no answer' };
  for (;;) {
    tries += 1;
    try {
      const response = await withTimeout(
        api.post<Record<string, unknown>>(path, body, { 'idempotency-key': key }),
        options.timeoutMs ?? 10000,
      );
      last = { status: response.status, body: response.body, text: response.text };
      if (!retryable(response.status, response.body)) return { ...last, tries, elapsedMs: Date.now() - started };
      const retryAfter = Number(response.headers.get('retry-after'));
      if (retryAfter > 0) wait = Math.max(wait, retryAfter * 1000);
    } catch (error) {
      last = { status: 0, body: undefined, text: String(error) };
    }
    if (Date.now() + wait > deadline) return { ...last, tries, elapsedMs: Date.now() - started };
    await sleep(wait);
    wait = Math.min(wait * 2, 2000);
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`client timeout after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

interface InboxMessage {
  channel: string;
  code: string | null;
}

/** The sandbox inbox of one number. */
export async function inboxOf(sandbox: JsonClient, to: string): Promise<InboxMessage[]> {
  const inbox = await sandbox.get<{ messages: InboxMessage[] }>(`/inbox?to=${encodeURIComponent(to)}`);
  return inbox.body?.messages ?? [];
}

export interface WorkloadOptions {
  api: JsonClient;
  sandbox: JsonClient;
  random: () => number;
  /** Distinguishes this load's numbers and keys from other loads' (0-9). */
  round: number;
  /** Where every request asks its webhooks to go. */
  callback: string;
  /** Requests in flight at once. */
  workers: number;
  durationMs: number;
  /** Which kinds to send (default all). */
  kinds?: Kind[];
  /** Give up retrying one request after this long. */
  giveUpMs?: number;
  /** Told each request's final answer as it comes. */
  onOutcome?: (outcome: Outcome) => void;
  /** Told each code check's final answer (checks are not outcomes: they create nothing). */
  onCheck?: (check: { sid: string; status: number; text: string; tries: number; elapsedMs: number }) => void;
  /** Number endings for SMS sends (default: delivered, transient failures, and failing for good). */
  smsEndings?: readonly string[];
}

// Sandbox behaviour by the number's last two digits (docs/sandbox.md): 00 delivers everywhere,
// 90 has no messenger account (verify falls back to SMS at once), 91 is never delivered by the
// messenger (fallback after the wait), 92/93 fail/revoke on the messenger, 95 fails the first two
// SMS submits, 96 fails every SMS submit.
const SMS_ENDINGS = ['00', '00', '00', '95', '96'] as const;
const MESSENGER_ENDINGS = ['00', '00', '92', '93'] as const;
const VERIFICATION_ENDINGS = ['00', '00', '90', '91', '92'] as const;
const ROUND_PREFIXES = ['77000', '74000', '75000', '78000', '79000', '74001', '75001', '78001', '79001', '74002'];

/**
 * Runs the load for `durationMs` and then lets every request already started finish (with its
 * retries). Each request goes to a number of its own, so what the carrier and the messenger
 * got can be counted per request.
 */
export async function runWorkload(options: WorkloadOptions): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const record = (outcome: Outcome) => {
    outcomes.push(outcome);
    options.onOutcome?.(outcome);
  };
  const kinds = options.kinds ?? ['sms', 'messenger', 'verification'];
  let counter = 0;
  // Numbers of their own per round, in mobile ranges the rate card prices (GB).
  const prefix = ROUND_PREFIXES[options.round % ROUND_PREFIXES.length]!;
  const nextNumber = (ending: string) => {
    counter += 1;
    return counter < 1000 ? `+44${prefix}${String(counter).padStart(3, '0')}${ending}` : undefined;
  };
  const stopAt = Date.now() + options.durationMs;
  const post = (path: string, body: unknown, key: string) =>
    keyedPost(options.api, path, body, key, { giveUpMs: options.giveUpMs });

  /** One request (with its check); false once this round's numbers are used up. */
  const one = async (): Promise<boolean> => {
    const kind = pick(options.random, kinds);
    const key = `chaos-${options.round}-${randomUUID()}`;
    if (kind === 'sms') {
      const to = nextNumber(pick(options.random, options.smsEndings ?? SMS_ENDINGS));
      if (!to) return false;
      const answer = await post('/messages/sms', { to, body: 'chaos test', callback: options.callback }, key);
      record(outcomeOf(kind, key, to, answer));
    } else if (kind === 'messenger') {
      const to = nextNumber(pick(options.random, MESSENGER_ENDINGS));
      if (!to) return false;
      const answer = await post('/messages/messenger', { to, callback: options.callback }, key);
      record(outcomeOf(kind, key, to, answer));
    } else {
      const to = nextNumber(pick(options.random, VERIFICATION_ENDINGS));
      if (!to) return false;
      const answer = await post('/verifications', { to, callback: options.callback }, key);
      const outcome = outcomeOf(kind, key, to, answer);
      record(outcome);
      // Most users type the code they got; some never do (those expire).
      if (outcome.sid && options.random() < 0.7) await checkCode(options, outcome.sid, to);
    }
    return true;
  };

  await Promise.all(
    Array.from({ length: options.workers }, async () => {
      while (Date.now() < stopAt && (await one()));
    }),
  );
  return outcomes;
}

function outcomeOf(
  kind: Kind,
  key: string,
  to: string,
  answer: { status: number; body: Record<string, unknown> | undefined; text: string; tries: number; elapsedMs: number },
): Outcome {
  const sid = answer.status === 201 && typeof answer.body?.sid === 'string' ? answer.body.sid : undefined;
  return {
    kind,
    key,
    to,
    status: answer.status,
    ...(sid ? { sid } : {}),
    text: answer.text,
    tries: answer.tries,
    elapsedMs: answer.elapsedMs,
  };
}

/** Waits (up to 8 s, as a user waits for a text) for the newest code in the inbox and checks it, retrying like a client. */
async function checkCode(options: WorkloadOptions, sid: string, to: string): Promise<void> {
  const until = Date.now() + 8000;
  while (Date.now() < until) {
    const code = (await inboxOf(options.sandbox, to).catch(() => []))[0]?.code;
    if (code) {
      const answer = await keyedPost(options.api, `/verifications/${sid}/check`, { code }, `check-${sid}-${code}`, {
        giveUpMs: options.giveUpMs,
      });
      options.onCheck?.({
        sid,
        status: answer.status,
        text: answer.text,
        tries: answer.tries,
        elapsedMs: answer.elapsedMs,
      });
      return;
    }
    await sleep(250);
  }
}
