// What the simulated carrier and messenger "delivered": a developer reads codes from here
// (GET /inbox) instead of from a phone.

export interface InboxMessage {
  channel: 'sms' | 'messenger';
  to: string;
  from: string;
  text: string;
  /** The digits found in the text, or the code the messenger generated. */
  code: string | null;
  /** The carrier message id / messenger request id. */
  provider_id: string;
  status: string;
  created_at: string;
}

/** The first run of 4 to 8 digits in a text, as a person would read the code. */
export function findCode(text: string): string | null {
  return /(?<!\d)\d{4,8}(?!\d)/.exec(text)?.[0] ?? null;
}

export class Inbox {
  private readonly messages: InboxMessage[] = [];

  constructor(private readonly limit: number) {}

  add(message: Omit<InboxMessage, 'created_at'> & { created_at?: string }): InboxMessage {
    const stored = { ...message, created_at: message.created_at ?? new Date().toISOString() };
    this.messages.push(stored);
    if (this.messages.length > this.limit) this.messages.shift();
    return stored;
  }

  /** Updates the status of the message a provider id names (delivery reports). */
  setStatus(providerId: string, status: string): void {
    for (const message of this.messages) if (message.provider_id === providerId) message.status = status;
  }

  /** Newest first, optionally only those sent to one number. */
  list(to?: string): InboxMessage[] {
    return this.messages.filter((m) => !to || m.to === to).reverse();
  }

  clear(): void {
    this.messages.length = 0;
  }
}
