import { schemaPool } from '@otp/platform';
import { openDatabase } from '../../services/guard/src/store/database.js';
import { StartStore } from '../../services/guard/src/store/starts.js';
import { BENCH_SECONDS } from './load.js';

// `npm run bench -- guard`: what one admitted start costs guard as its prefix gets busier. Guard's
// admit statement (the real one, on real Postgres) is called by 8 callers at once for one project
// and one prefix whose last 24 hours already hold 1,000 to 200,000 verifications (80% approved,
// so the prefix converts and the detector reads only its outlook), with pumping protection on and
// no velocity limit. Starts of one project are judged one at a time (its lock), so the rate is
// that of the lock; the goal is that it does not fall as the prefix's day grows.

const PROJECT = 'prj_guardvolume000000000000000';
const PREFIX = '44770';
const CALLERS = 8;
const VOLUMES = [1_000, 10_000, 50_000, 200_000];
/** Admitted starts a second at 50,000 starts a day, against 1,000: at least this share. */
const GOAL = { volume: 50_000, ratio: 0.5 };

export async function guardVolumeBenchmark(databaseUrl: string): Promise<void> {
  const pool = schemaPool(databaseUrl, 'guard');
  const db = openDatabase(databaseUrl, 'guard', pool);
  const starts = new StartStore(db, pool);
  await starts.install();
  await pool.query(
    `INSERT INTO fraud_settings (project_id, number_limit, pending_per_number, ip_limit, project_rps, pumping_protection)
     VALUES ($1, NULL, NULL, NULL, NULL, 'block')`,
    [PROJECT],
  );
  const seconds = Math.min(BENCH_SECONDS, 10);
  const rates = new Map<number, number>();
  try {
    for (const volume of VOLUMES) {
      // Both at once: a TRUNCATE fires no row trigger (a DELETE would take each start out of its counts).
      await pool.query('TRUNCATE starts, prefix_counts');
      // The day before now, evenly, to numbers spread over the prefix: every fifth did not convert.
      await pool.query(
        `INSERT INTO starts (project_id, request_key, kind, "to", country, prefix, state, created_at)
         SELECT $1, 'day-' || g, 'verification', '+44770' || lpad((g * 7919 % 10000000)::text, 7, '0'), 'GB', $2,
                CASE WHEN g % 5 = 0 THEN 'unconverted' ELSE 'approved' END,
                now() - g * interval '86400 seconds' / $3::int
           FROM generate_series(1, $3::int) g`,
        [PROJECT, PREFIX, volume],
      );
      await pool.query('ANALYZE starts, prefix_counts');
      let admitted = 0;
      let next = 0;
      const until = Date.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CALLERS }, async () => {
          while (Date.now() < until) {
            const n = next++;
            const answer = await starts.admit({
              projectId: PROJECT,
              requestKey: `bench-${volume}-${n}`,
              kind: 'verification',
              to: `+44770${String((n * 7919 + 3) % 10_000_000).padStart(7, '0')}`,
              country: 'GB',
              prefix: PREFIX,
              at: new Date(),
            });
            if (answer.verdict !== 'admitted' || !answer.stats)
              throw new Error(`not judged: ${JSON.stringify(answer)}`);
            admitted += 1;
          }
        }),
      );
      rates.set(volume, admitted / seconds);
      console.log(
        `${volume.toLocaleString('en').padStart(8)} starts in the prefix's day: ${(admitted / seconds).toFixed(0).padStart(5)} admitted starts/s`,
      );
    }
    const ratio = rates.get(GOAL.volume)! / rates.get(VOLUMES[0]!)!;
    console.log(
      `at ${GOAL.volume.toLocaleString('en')} / at ${VOLUMES[0]!.toLocaleString('en')}: ${ratio.toFixed(2)}   goal >= ${GOAL.ratio}: ${ratio >= GOAL.ratio ? 'PASS' : 'MISS'}`,
    );
  } finally {
    await db.$disconnect();
    await pool.end();
  }
}
