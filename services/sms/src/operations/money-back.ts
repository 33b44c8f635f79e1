import { giveBack, type Logger, type PromiseClient } from '@otp/platform';
import type { BillingClient } from '@otp/proto';
import type { Message } from '../generated/prisma/client.js';
import type { Messages } from '../store/messages.js';

export interface MoneyBackDeps {
  billing: PromiseClient<BillingClient>;
  messages: Messages;
  logger: Logger;
}

/** The keys of a message's money movements: the same on every replay, so none moves money twice. */
export const smsMoneyKeys = {
  hold: (sid: string) => `${sid}:hold`,
  release: (sid: string) => `${sid}:release`,
  capture: (sid: string) => `${sid}:capture`,
  refund: (sid: string) => `${sid}:refund`,
};

/** What a message is held for: the same request on the first try and on every replay. */
export function holdRequest(row: Pick<Message, 'sid' | 'projectId' | 'costCents' | 'segments'>, description: string) {
  return {
    project_id: row.projectId,
    amount_cents: row.costCents,
    idempotency_key: smsMoneyKeys.hold(row.sid),
    reference: row.sid,
    description,
  };
}

/**
 * Gives back what a message that was not sent is owed, then clears `money_due`: a failed message
 * its charge (refund), a message the queue refused its hold (release), a discarded intent the hold
 * it may have taken (the hold is replayed by its key, which answers the first result, and
 * released; a replay Billing refuses means nothing was held). The platform's one give-back
 * (giveBack) does it; every call carries the message's key, so running this twice (two replicas,
 * a retry after a crash) moves money once. Throws when Billing does not confirm: `money_due` stays
 * set and the recovery pass tries again.
 */
export async function giveMoneyBack(deps: MoneyBackDeps, row: Message): Promise<void> {
  if (row.status === 'failed') {
    await giveBack(deps.billing, {
      refund: {
        project_id: row.projectId,
        amount_cents: row.costCents,
        idempotency_key: smsMoneyKeys.refund(row.sid),
        reference: row.sid,
        description: `SMS ${row.sid} not delivered`,
      },
    });
  } else if (row.status === 'enqueue_failed' || row.status === 'discarded') {
    // Never captured (an unsent message): a hold no longer active was released already.
    await giveBack(deps.billing, {
      hold: {
        id: row.holdId || null,
        request: holdRequest(row, `SMS ${row.sid}, not sent`),
        releaseKey: smsMoneyKeys.release(row.sid),
      },
    });
  } else {
    return;
  }
  await deps.messages.moneySettled(row.sid);
}
