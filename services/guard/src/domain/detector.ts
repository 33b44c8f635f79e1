// The pumping detector: pure rules over what guard knows about one project's destination prefix.
// It runs on every admitted start whose prefix has no block yet, with the counts the admit
// statement returns, and says whether the prefix looks pumped and why.

/** Windows the admit statement counts over (seconds). */
export const DETECTOR_WINDOWS = {
  /** "Now": the volume compared against the prefix's own history. */
  recentSeconds: 60 * 60,
  /** History (baseline) and conversion look back this far. */
  historySeconds: 24 * 60 * 60,
  /** A verification still pending this long is counted as not converted (people enter codes within minutes). */
  judgeSeconds: 3 * 60,
  /** Recent numbers sampled for the sequential-numbers rule. */
  sampleSize: 20,
} as const;

/** How long a block lasts unless an operator lifts it first. */
export const BLOCK_COOL_OFF_MS = 6 * 60 * 60 * 1000;

export interface PrefixStats {
  /** Starts to the prefix in the recent window (this one included). */
  recent_starts: number;
  /** Distinct numbers among them. */
  recent_numbers: number;
  /** Starts in the history before the recent window. */
  history_starts: number;
  /** Verifications to the prefix with a known outcome (finished, or pending past judgeSeconds). */
  judged: number;
  /** Verifications to the prefix that were approved. */
  approved: number;
  /** Distinct numbers with a verification that did not convert. */
  unconverted_numbers: number;
  /** The latest numbers sent to in the prefix, newest first (E.164). */
  recent_numbers_sample: string[];
}

export type PumpingReason = 'sequential_numbers' | 'volume_spike' | 'rare_prefix_burst' | 'never_converting';

export const DETECTOR_THRESHOLDS = {
  /** Numbers this close together (by value) count as one sequential run. */
  sequentialGap: 10,
  /** This many numbers in one run is a burst of sequential numbers. */
  sequentialRun: 5,
  /** Recent starts must reach this before a volume rule can fire. */
  spikeMinimum: 20,
  /** ... and be this many times the prefix's hourly baseline. */
  spikeFactor: 5,
  /** Conversion below this (approved / judged) is an attack's, not people's. */
  lowConversion: 0.3,
  /** A rule needing conversion waits for this many judged verifications. */
  judgedMinimum: 5,
  /** A prefix seeing less than this per hour in its history is rare for the project. */
  rareHourly: 1,
  /** Distinct recent numbers that make a burst in a rare prefix. */
  rareNumbers: 10,
  /** Distinct never-converting numbers that condemn a prefix (the slow drip). */
  unconvertedNumbers: 8,
} as const;

/** The longest run of numbers that follow each other closely (sorted by value). */
export function longestSequentialRun(
  numbers: readonly string[],
  gap: number = DETECTOR_THRESHOLDS.sequentialGap,
): number {
  const values = [...new Set(numbers)]
    .map((n) => n.replace(/\D/g, ''))
    .filter((n) => n.length > 0 && n.length <= 15)
    .map(Number)
    .sort((a, b) => a - b);
  let best = values.length > 0 ? 1 : 0;
  let run = 1;
  for (let i = 1; i < values.length; i++) {
    run = values[i]! - values[i - 1]! <= gap ? run + 1 : 1;
    best = Math.max(best, run);
  }
  return best;
}

/** Approved / judged, or undefined while too few verifications have an outcome. */
export function conversionOf(stats: Pick<PrefixStats, 'judged' | 'approved'>): number | undefined {
  return stats.judged >= DETECTOR_THRESHOLDS.judgedMinimum ? stats.approved / stats.judged : undefined;
}

/** Why the prefix looks pumped, or undefined when it looks like people. */
export function judgePrefix(stats: PrefixStats): PumpingReason | undefined {
  const t = DETECTOR_THRESHOLDS;
  if (longestSequentialRun(stats.recent_numbers_sample) >= t.sequentialRun) return 'sequential_numbers';
  const conversion = conversionOf(stats);
  const converting = conversion === undefined || conversion >= t.lowConversion;
  const historyHours = (DETECTOR_WINDOWS.historySeconds - DETECTOR_WINDOWS.recentSeconds) / 3600;
  const hourlyBaseline = stats.history_starts / historyHours;
  if (
    !converting &&
    stats.recent_starts >= t.spikeMinimum &&
    stats.recent_starts > t.spikeFactor * Math.max(hourlyBaseline, 1)
  ) {
    return 'volume_spike';
  }
  if (!converting && hourlyBaseline < t.rareHourly && stats.recent_numbers >= t.rareNumbers) return 'rare_prefix_burst';
  if (!converting && stats.unconverted_numbers >= t.unconvertedNumbers) return 'never_converting';
  return undefined;
}
