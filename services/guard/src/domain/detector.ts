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

/** What every start's admit statement counts: enough to clear a converting prefix. */
export type PrefixOutlook = Pick<PrefixStats, 'judged' | 'approved' | 'recent_numbers_sample'>;

/** What only the volume rules read; counting it costs a pass over the prefix's day of starts. */
export type PrefixVolume = Omit<PrefixStats, keyof PrefixOutlook>;

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

/** Too few outcomes to tell, or enough people entering their codes: no volume rule may fire. */
function isConverting(stats: Pick<PrefixStats, 'judged' | 'approved'>): boolean {
  const conversion = conversionOf(stats);
  return conversion === undefined || conversion >= DETECTOR_THRESHOLDS.lowConversion;
}

function isSequentialBurst(stats: Pick<PrefixStats, 'recent_numbers_sample'>): boolean {
  return longestSequentialRun(stats.recent_numbers_sample) >= DETECTOR_THRESHOLDS.sequentialRun;
}

/**
 * Whether judgePrefix's answer depends on the prefix's volume. When it does not (a sequential
 * burst, or a prefix that converts: nearly every start), the volume need not be counted, and
 * judgePrefix({ ...outlook, ...UNCOUNTED_VOLUME }) is the answer.
 */
export function needsVolume(outlook: PrefixOutlook): boolean {
  return !isSequentialBurst(outlook) && !isConverting(outlook);
}

/** The volume given to judgePrefix when needsVolume said it does not matter. */
export const UNCOUNTED_VOLUME: PrefixVolume = {
  recent_starts: 0,
  recent_numbers: 0,
  history_starts: 0,
  unconverted_numbers: 0,
};

/** Why the prefix looks pumped, or undefined when it looks like people. */
export function judgePrefix(stats: PrefixStats): PumpingReason | undefined {
  const t = DETECTOR_THRESHOLDS;
  if (isSequentialBurst(stats)) return 'sequential_numbers';
  // Every volume rule below needs a prefix whose people do not enter their codes.
  if (isConverting(stats)) return undefined;
  const historyHours = (DETECTOR_WINDOWS.historySeconds - DETECTOR_WINDOWS.recentSeconds) / 3600;
  const hourlyBaseline = stats.history_starts / historyHours;
  if (stats.recent_starts >= t.spikeMinimum && stats.recent_starts > t.spikeFactor * Math.max(hourlyBaseline, 1)) {
    return 'volume_spike';
  }
  if (hourlyBaseline < t.rareHourly && stats.recent_numbers >= t.rareNumbers) return 'rare_prefix_burst';
  if (stats.unconverted_numbers >= t.unconvertedNumbers) return 'never_converting';
  return undefined;
}
