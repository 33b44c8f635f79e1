import type { Db } from './database.js';

export class DeliveryReceipts {
  constructor(private readonly db: Db) {}

  /** Stores a carrier receipt; a repeated receipt for the same id keeps the latest state. */
  async record(carrierMessageId: string, state: string, now: Date): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO delivery_receipts (carrier_message_id, state, received_at) VALUES (${carrierMessageId}, ${state}, ${now})
      ON CONFLICT (carrier_message_id) DO UPDATE SET state = EXCLUDED.state, received_at = EXCLUDED.received_at`;
  }
}
