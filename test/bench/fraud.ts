import { createLogger, normalizePhone, schemaPool, type Clock } from '@otp/platform';
import type { BillingClient } from '@otp/proto';
import type { PromiseClient } from '@otp/platform';
import { admitStart } from '../../services/guard/src/operations/admit.js';
import type { GuardDeps } from '../../services/guard/src/operations/deps.js';
import { openDatabase } from '../../services/guard/src/store/database.js';
import { SettingsStore } from '../../services/guard/src/store/settings.js';
import { StartStore } from '../../services/guard/src/store/starts.js';
import { seededRandom } from '../infra/workload.js';

// `npm run bench -- fraud`: a day of one project's starts, compressed into minutes, replayed
// through guard's real admit operation (domain rules + the admit statement on real Postgres) on
// a simulated clock. Legitimate users over many countries and prefixes convert about 80%; three
// attacks never convert: sequential numbers in one premium prefix, a slow drip over several
// prefixes, and a burst from one end-user IP. Conversions reach guard the way verification
// events do (StartStore.finishVerification), approved within two minutes or expired after ten.

const DAY_MS = 24 * 60 * 60 * 1000;
const PROJECT = 'prj_fraudbench000000000000000';

type Who = 'legit' | 'sequential' | 'drip' | 'ip_burst';

interface StartEvent {
  at: number;
  who: Who;
  to: string;
  ip: string;
}

// Priced mobile ranges (billing's rate card) that people use: GB, DE, FR, US, ES, BR, IN.
const LEGIT_PREFIXES = [
  '+447400',
  '+447500',
  '+447700',
  '+447701',
  '+447710',
  '+447711',
  '+447720',
  '+447721',
  '+4915112',
  '+4915212',
  '+4915712',
  '+4916012',
  '+4917012',
  '+4917212',
  '+3360612',
  '+3360712',
  '+3361012',
  '+3360312',
  '+1415555',
  '+1212555',
  '+1310555',
  '+1646555',
  '+346120',
  '+346220',
  '+5511912',
  '+5521912',
  '+9170123',
  '+9198123',
];
const SEQUENTIAL_PREFIX = '+447797'; // a premium-looking GB range nobody here sends to
const DRIP_PREFIXES = ['+4917612', '+3363012', '+5531912', '+9189123'];

/** A random valid number in `prefix` (the rate card's ranges hold invalid ones too). */
function numberIn(prefix: string, random: () => number): string {
  for (let attempt = 0; attempt < 1000; attempt++) {
    for (let length = 11; length <= 14; length++) {
      let number = prefix;
      while (number.length < length + 1) number += String(Math.floor(random() * 10));
      if (number.length > prefix.length && normalizePhone(number)?.e164 === number) return number;
    }
  }
  throw new Error(`no valid number found in ${prefix}`);
}

function schedule(random: () => number): StartEvent[] {
  const events: StartEvent[] = [];
  const legit = 6000;
  for (let i = 0; i < legit; i++) {
    const prefix = LEGIT_PREFIXES[Math.floor(random() * LEGIT_PREFIXES.length)]!;
    events.push({
      at: random() * DAY_MS,
      who: 'legit',
      to: numberIn(prefix, random),
      ip: `198.51.${i % 250}.${i % 199}`,
    });
  }
  // Sequential numbers in one premium prefix: 400 starts, one every 4 s, from hour 3.
  for (let i = 0; i < 400; i++) {
    events.push({
      at: 3 * 3600_000 + i * 4000,
      who: 'sequential',
      to: `${SEQUENTIAL_PREFIX}${String(100000 + i)}`,
      ip: `203.0.113.${i % 250}`,
    });
  }
  // A slow drip: 300 starts per prefix spread over 20 hours, random numbers, rotating IPs.
  for (const prefix of DRIP_PREFIXES) {
    for (let i = 0; i < 300; i++) {
      events.push({
        at: 2 * 3600_000 + random() * 20 * 3600_000,
        who: 'drip',
        to: numberIn(prefix, random),
        ip: `192.0.2.${i % 250}`,
      });
    }
  }
  // A burst from one end-user IP: 500 starts in 10 minutes to numbers of the legitimate prefixes.
  for (let i = 0; i < 500; i++) {
    const prefix = LEGIT_PREFIXES[i % LEGIT_PREFIXES.length]!;
    events.push({ at: 12 * 3600_000 + i * 1200, who: 'ip_burst', to: numberIn(prefix, random), ip: '203.0.113.250' });
  }
  return events.sort((a, b) => a.at - b.at);
}

interface Finish {
  at: number;
  to: string;
  approved: boolean;
}

export async function fraudBenchmark(databaseUrl: string): Promise<void> {
  const pool = schemaPool(databaseUrl, 'guard');
  const db = openDatabase(databaseUrl, 'guard', pool);
  const starts = new StartStore(db, pool);
  await starts.install();
  const start = Date.UTC(2026, 10, 23);
  let now = start;
  const clock: Clock = { now: () => new Date(now) };
  const deps: GuardDeps = {
    starts,
    settings: new SettingsStore(db),
    billing: undefined as unknown as PromiseClient<BillingClient>, // the spend limit is not part of this run
    clock,
    logger: createLogger('fraud-bench', 'silent'),
    wakeRelay: () => undefined,
  };
  const random = seededRandom(11);
  const events = schedule(random);
  const finishes: Finish[] = [];
  const tally = new Map<Who, { tried: number; admitted: number }>();
  const admittedByPrefix = new Map<string, number>();
  const began = Date.now();

  for (const [n, event] of events.entries()) {
    // Outcomes due by now arrive first, as the verification events would.
    finishes.sort((a, b) => a.at - b.at);
    while (finishes.length > 0 && finishes[0]!.at <= start + event.at) {
      const finish = finishes.shift()!;
      now = finish.at;
      await starts.finishVerification(PROJECT, finish.to, finish.approved, new Date(finish.at));
    }
    now = start + event.at;
    const verdict = await admitStart(deps, {
      projectId: PROJECT,
      to: event.to,
      kind: 'verification',
      requestKey: `bench-${n}`,
      signals: { ip: event.ip },
    });
    const counts = tally.get(event.who) ?? { tried: 0, admitted: 0 };
    counts.tried += 1;
    if (verdict.admitted) {
      counts.admitted += 1;
      if (event.who !== 'legit') {
        const key = `${event.who} +${verdict.prefix}`;
        admittedByPrefix.set(key, (admittedByPrefix.get(key) ?? 0) + 1);
      }
      const converts = event.who === 'legit' && random() < 0.8;
      finishes.push({
        at: now + (converts ? 20_000 + random() * 100_000 : 10 * 60_000),
        to: event.to,
        approved: converts,
      });
    }
    tally.set(event.who, counts);
  }

  const attack = (['sequential', 'drip', 'ip_burst'] as const).map(
    (who) => tally.get(who) ?? { tried: 0, admitted: 0 },
  );
  const attackTried = attack.reduce((sum, c) => sum + c.tried, 0);
  const attackAdmitted = attack.reduce((sum, c) => sum + c.admitted, 0);
  const legit = tally.get('legit')!;
  const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
  console.log(`replayed ${events.length} starts of one simulated day in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  for (const who of ['sequential', 'drip', 'ip_burst'] as const) {
    const c = tally.get(who)!;
    console.log(`  ${who.padEnd(10)} tried ${c.tried}, refused ${percent(c.tried - c.admitted, c.tried)}`);
  }
  console.log(`attack starts refused: ${percent(attackTried - attackAdmitted, attackTried)} (goal >= 95%)`);
  console.log('attack sends that got through per attacked prefix (goal <= 50):');
  const through = [...admittedByPrefix.entries()].sort((a, b) => b[1] - a[1]);
  for (const [key, count] of through.filter(([key]) => !key.startsWith('ip_burst'))) console.log(`  ${key}: ${count}`);
  const burst = through.filter(([key]) => key.startsWith('ip_burst'));
  console.log(
    `  ip_burst: ${burst.reduce((sum, [, c]) => sum + c, 0)} in total over ${burst.length} prefixes (at most ${Math.max(0, ...burst.map(([, c]) => c))} in one)`,
  );
  console.log(`legitimate starts served: ${percent(legit.admitted, legit.tried)} of ${legit.tried} (goal >= 99%)`);
  await db.$disconnect();
}
