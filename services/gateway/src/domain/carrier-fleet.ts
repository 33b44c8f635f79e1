import type { CarrierBindStatus, CarrierHealth, CarrierStatus } from '@otp/platform';

// GET /admin/v1/carriers answers for the whole sms fleet: each sms replica holds its own binds to
// every carrier, so one replica's view would hide a carrier that is down for another. The binds
// keep which replica holds them; the counters add up; a carrier's health is the worst any replica
// sees (binds[].replica says where).

/** What asking one replica gave: its carriers, or why it did not answer. */
export type ReplicaAnswer = { address: string; carriers: CarrierStatus[] } | { address: string; error: string };

export interface CarrierFleet {
  carriers: (Omit<CarrierStatus, 'binds'> & { binds: (CarrierBindStatus & { replica: string })[] })[];
  replicas: { address: string; answered: boolean; error: string | null }[];
}

const SEVERITY: Record<CarrierHealth, number> = { ready: 0, throttled: 1, degraded: 2, down: 3 };

/** Sums of per-second rates, kept to what the replicas report (no 0.30000000000000004). */
const rate = (value: number) => Math.round(value * 1000) / 1000;

/** The fleet's view: carriers in the order the first answering replica lists them. */
export function carrierFleet(answers: ReplicaAnswer[]): CarrierFleet {
  const carriers = new Map<string, CarrierFleet['carriers'][number]>();
  for (const answer of answers) {
    if (!('carriers' in answer)) continue;
    for (const seen of answer.carriers) {
      const binds = seen.binds.map((bind) => ({ ...bind, replica: answer.address }));
      const known = carriers.get(seen.name);
      if (!known) {
        carriers.set(seen.name, { ...seen, binds });
        continue;
      }
      const later = (seen.last_error_at ?? '') > (known.last_error_at ?? '');
      carriers.set(seen.name, {
        ...known,
        health: SEVERITY[seen.health] > SEVERITY[known.health] ? seen.health : known.health,
        binds: [...known.binds, ...binds],
        window_in_use: known.window_in_use + seen.window_in_use,
        throughput: rate(known.throughput + seen.throughput),
        submitted: known.submitted + seen.submitted,
        accepted: known.accepted + seen.accepted,
        refused: known.refused + seen.refused,
        last_error: later ? seen.last_error : known.last_error,
        last_error_at: later ? seen.last_error_at : known.last_error_at,
      });
    }
  }
  return {
    carriers: [...carriers.values()],
    replicas: answers.map((answer) =>
      'carriers' in answer
        ? { address: answer.address, answered: true, error: null }
        : { address: answer.address, answered: false, error: answer.error },
    ),
  };
}
