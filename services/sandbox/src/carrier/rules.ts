// Scripted answers of a simulated carrier, set by tests over HTTP (PUT /carriers/{name}/rules):
// each rule matches submits by destination ending and part number, answers with a command status
// (0x58 throttling, 0x0B invalid destination, ...) for its first `times` matches (every match
// when absent), or accepts and sends the receipt state it names (UNDELIV, EXPIRED, ...), at once
// or after a delay.
// No rule matches: the carrier's own behaviour (the number-ending table on the default carrier).

export interface CarrierRule {
  /** Last digits of the destination; absent matches every destination. */
  ending?: string;
  /** 1-based part number of a concatenated message; absent matches every part. */
  part?: number;
  /** Command status to answer with; absent (or 0) accepts. */
  status?: number;
  /** Receipt stat word for an accepted submit (default DELIVRD). */
  receipt?: string;
  /** How many matching submits the rule answers; absent: all of them. */
  times?: number;
  /**
   * An accepted submit is taken at once but answered only after this many ms (a slow SMSC): a
   * client that stops in between never learns that the carrier has the message.
   */
  answer_after_ms?: number;
}

export type RuleAnswer = { status: number } | { status: 0; receipt: string; answerAfterMs: number } | undefined;

export class CarrierRules {
  private rules: (CarrierRule & { used: number })[] = [];

  set(rules: CarrierRule[]): void {
    this.rules = rules.map((rule) => ({ ...rule, used: 0 }));
  }

  /** The answer of the first rule that matches and is not used up; undefined when none does. */
  answer(to: string, part: number | undefined): RuleAnswer {
    for (const rule of this.rules) {
      if (rule.ending !== undefined && !to.endsWith(rule.ending)) continue;
      if (rule.part !== undefined && rule.part !== (part ?? 1)) continue;
      if (rule.times !== undefined && rule.used >= rule.times) continue;
      rule.used += 1;
      if (rule.status) return { status: rule.status };
      return { status: 0, receipt: rule.receipt ?? 'DELIVRD', answerAfterMs: rule.answer_after_ms ?? 0 };
    }
    return undefined;
  }
}
