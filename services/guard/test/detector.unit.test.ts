import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import fc from 'fast-check';
import {
  conversionOf,
  DETECTOR_THRESHOLDS,
  judgePrefix,
  longestSequentialRun,
  needsVolume,
  UNCOUNTED_VOLUME,
  type PrefixStats,
} from '../src/domain/detector.js';
import { destinationOf } from '../src/domain/prefix.js';
import { parseFraudSettingsPatch } from '../src/domain/settings.js';

const quiet: PrefixStats = {
  recent_starts: 1,
  recent_numbers: 1,
  history_starts: 0,
  judged: 0,
  approved: 0,
  unconverted_numbers: 0,
  recent_numbers_sample: ['+447700123456'],
};

/** Numbers of one prefix spread far apart (no two within the sequential gap). */
const spreadNumbers = fc
  .uniqueArray(fc.integer({ min: 0, max: 99_999 }), { maxLength: 20 })
  .map((values) => values.map((v) => `+44771${String(v * 100).padStart(7, '0')}`));

describe('pumping detector', () => {
  it('finds the longest run of close numbers whatever their order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 100_000, max: 9_000_000 }), (length, start) => {
        const run = Array.from({ length }, (_, i) => `+44771${start + i}`);
        const shuffled = [...run].sort(() => Math.random() - 0.5);
        assert.equal(longestSequentialRun(shuffled), length);
      }),
    );
    assert.equal(longestSequentialRun([]), 0);
  });

  it('flags a burst of sequential numbers, never numbers spread over the prefix', () => {
    const burst = Array.from({ length: DETECTOR_THRESHOLDS.sequentialRun }, (_, i) => `+44771090060${i}`);
    assert.equal(judgePrefix({ ...quiet, recent_numbers_sample: burst }), 'sequential_numbers');
    assert.equal(judgePrefix({ ...quiet, recent_numbers_sample: burst.slice(1) }), undefined);
    fc.assert(
      fc.property(spreadNumbers, (sample) => {
        assert.equal(
          judgePrefix({ ...quiet, recent_numbers_sample: sample, recent_numbers: sample.length }),
          undefined,
        );
      }),
    );
  });

  it('leaves converting traffic alone, however much of it there is', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: DETECTOR_THRESHOLDS.judgedMinimum, max: 10_000 }),
        fc.double({ min: DETECTOR_THRESHOLDS.lowConversion, max: 1, noNaN: true }),
        (recent, history, judged, rate) => {
          const approved = Math.ceil(judged * rate);
          const stats: PrefixStats = {
            recent_starts: recent,
            recent_numbers: recent,
            history_starts: history,
            judged,
            approved: Math.min(approved, judged),
            unconverted_numbers: judged - Math.min(approved, judged),
            recent_numbers_sample: [],
          };
          assert.equal(judgePrefix(stats), undefined);
        },
      ),
    );
  });

  it('waits for enough outcomes before judging conversion', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: DETECTOR_THRESHOLDS.judgedMinimum - 1 }), (judged) => {
        assert.equal(conversionOf({ judged, approved: 0 }), undefined);
        assert.equal(judgePrefix({ ...quiet, recent_starts: 10_000, recent_numbers: 10_000, judged }), undefined);
      }),
    );
  });

  it('flags a volume spike that does not convert, against the prefix baseline', () => {
    const spike = { ...quiet, recent_starts: 60, recent_numbers: 60, history_starts: 23 * 2, judged: 20, approved: 1 };
    assert.equal(judgePrefix(spike), 'volume_spike');
    // The same volume is normal for a prefix that always had it.
    assert.notEqual(judgePrefix({ ...spike, history_starts: 23 * 60 }), 'volume_spike');
  });

  it('flags many numbers of a rare prefix, and the slow never-converting drip', () => {
    assert.equal(
      judgePrefix({ ...quiet, recent_starts: 12, recent_numbers: 12, history_starts: 3, judged: 6, approved: 0 }),
      'rare_prefix_burst',
    );
    assert.equal(
      judgePrefix({
        ...quiet,
        recent_starts: 2,
        recent_numbers: 2,
        history_starts: 400,
        judged: 9,
        approved: 1,
        unconverted_numbers: 8,
      }),
      'never_converting',
    );
  });
});

describe('what the detector counts for a start', () => {
  const count = fc.integer({ min: 0, max: 5_000 });
  /** Any prefix: numbers close together or spread, any volume and outcomes. */
  const anyStats: fc.Arbitrary<PrefixStats> = fc
    .record({
      recent_starts: count,
      recent_numbers: count,
      history_starts: count,
      judged: fc.integer({ min: 0, max: 60 }),
      approvedShare: fc.double({ min: 0, max: 1, noNaN: true }),
      unconverted_numbers: fc.integer({ min: 0, max: 60 }),
      recent_numbers_sample: fc.oneof(
        spreadNumbers,
        fc.integer({ min: 1, max: 20 }).map((n) => Array.from({ length: n }, (_, i) => `+4477109006${10 + i}`)),
      ),
    })
    .map(({ approvedShare, ...stats }) => ({ ...stats, approved: Math.floor(stats.judged * approvedShare) }));

  it('leaves the volume uncounted only where no rule would read it', () => {
    fc.assert(
      fc.property(anyStats, (stats) => {
        if (!needsVolume(stats)) assert.equal(judgePrefix({ ...stats, ...UNCOUNTED_VOLUME }), judgePrefix(stats));
      }),
    );
  });

  it('counts the volume of a prefix that does not convert, and only then', () => {
    const drip = { judged: 9, approved: 1, recent_numbers_sample: ['+447700123456'] };
    assert.equal(needsVolume(drip), true);
    assert.equal(needsVolume({ ...drip, approved: 5 }), false);
    assert.equal(needsVolume({ ...drip, judged: DETECTOR_THRESHOLDS.judgedMinimum - 1, approved: 0 }), false);
  });
});

describe('destination prefix', () => {
  it('is the calling code and the next three digits', () => {
    assert.deepEqual(destinationOf('+44 7700 123456'), { e164: '+447700123456', country: 'GB', prefix: '44770' });
    assert.equal(destinationOf('+1 415 555 0190')?.prefix, '1415');
    assert.equal(destinationOf('+4915112345600')?.prefix, '49151');
    assert.equal(destinationOf('447700123456'), undefined);
  });
});

describe('fraud settings patch', () => {
  it('normalises countries and safe numbers', () => {
    const patch = parseFraudSettingsPatch(
      JSON.stringify({ allowed_countries: ['gb', 'GB', 'de'], safe_numbers: ['+44 7700 123456', '+447700123456'] }),
    );
    assert.deepEqual(patch.allowed_countries, ['GB', 'DE']);
    assert.deepEqual(patch.safe_numbers, ['+447700123456']);
  });

  it('names every bad field', () => {
    assert.throws(
      () => parseFraudSettingsPatch(JSON.stringify({ ip_limit: -1, project_rps: 'x', callback_url: 5 })),
      (error: Error) => ['ip_limit:', 'project_rps:', 'callback_url:'].every((f) => error.message.includes(f)),
    );
    assert.throws(() => parseFraudSettingsPatch('not json'), /body:/);
  });
});
