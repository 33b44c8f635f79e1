// The simulated carrier's answer to a submit_sm, chosen by the destination's last two digits
// (docs/sandbox.md): 95 fails the first 2 submits then accepts; 96 and 97 always
// fail; every other number is accepted.

export type SubmitOutcome = 'accepted' | 'transient_error' | 'rejected';

/** `submitNumber` is 1 for the first submit_sm this carrier received for the number. */
export function submitOutcome(destination: string, submitNumber: number): SubmitOutcome {
  const ending = destination.slice(-2);
  if (ending === '95') return submitNumber <= 2 ? 'transient_error' : 'accepted';
  if (ending === '96' || ending === '97') return 'rejected';
  return 'accepted';
}
