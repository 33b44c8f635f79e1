import type { Db } from './database.js';

export class DeliveryReceipts {
  constructor(private readonly db: Db) {}

  /** Stores a carrier receipt; a repeated receipt for the same id keeps the latest state. */
  async record(carrierMessageId: string, state: string, now: Date): Promise<void> {
    await this.db.deliveryReceipt.upsert({
      where: { carrierMessageId },
      create: { carrierMessageId, state, receivedAt: now },
      update: { state, receivedAt: now },
    });
  }
}
