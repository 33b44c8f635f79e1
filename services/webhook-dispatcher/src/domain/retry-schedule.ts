// When a failed attempt is tried again. Attempt 1 goes out at once; each retryable failure waits
// the next step of this schedule (with +-20 % jitter so endpoints that recover are not hit by a
// synchronised wave). After the last step the delivery is failed and kept (replayable).
// Total: about 22 h 43 min from the first attempt to giving up.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Wait before retry n (n = 1 is the wait after the first attempt). */
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  1 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
];

/** First attempt plus one per retry step. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export const JITTER = 0.2;

/**
 * The wait before the next attempt after `attemptsMade` attempts of a series failed retryably,
 * or undefined when the series is used up. `scale` shrinks the schedule (tests); `random` is
 * injected so the jitter is testable.
 */
export function retryDelayMs(
  attemptsMade: number,
  options: { scale: number; random: () => number },
): number | undefined {
  const base = RETRY_DELAYS_MS[attemptsMade - 1];
  if (base === undefined) return undefined;
  const jitter = 1 + (options.random() * 2 - 1) * JITTER;
  return Math.max(0, Math.round(base * options.scale * jitter));
}
