// What the simulated messenger does with a number, chosen by its last two digits (docs/sandbox.md).

export type Scenario =
  | 'no_account' // 90, 97: the number has no messenger account; the send is refused
  | 'never_delivered' // 91: accepted, no report until the ttl runs out
  | 'failed' // 92: accepted, then given up on (see the report in reports.ts)
  | 'revoked' // 93: accepted, then revoked
  | 'delivered_then_read' // 94
  | 'slow_answer' // 98: delivered, but the send's answer comes only after MESSENGER_SLOW_ANSWER_MS
  | 'delivered'; // 95, 96 and every other ending

export function scenarioFor(phoneNumber: string): Scenario {
  switch (phoneNumber.slice(-2)) {
    case '90':
    case '97':
      return 'no_account';
    case '91':
      return 'never_delivered';
    case '92':
      return 'failed';
    case '93':
      return 'revoked';
    case '94':
      return 'delivered_then_read';
    case '98':
      return 'slow_answer';
    default:
      return 'delivered';
  }
}

/** Wrong codes the simulated messenger accepts per request before refusing every check. */
export const MAX_WRONG_CODES = 5;
