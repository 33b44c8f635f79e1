import type smpp from 'smpp';
import type { Logger } from '@otp/platform';
import type { Inbox } from '../inbox/inbox.js';
import { CarrierRules } from './rules.js';
import { createCarrier } from './smpp-server.js';
import { SubmitLog } from './submit-log.js';

// Several simulated carriers, each its own SMPP server on its own port, each with its own rules
// and submit log; any of them can be taken down (its port closed, its sessions cut) and brought
// back, as a real SMSC that fails and returns.

export interface SimulatedCarrierDefinition {
  name: string;
  host: string;
  port: number;
  /** The number-ending table of docs/sandbox.md (the default carrier only). */
  endingTable: boolean;
  decimalReceiptIds: boolean;
}

interface Running {
  definition: SimulatedCarrierDefinition;
  server: smpp.Server;
  rules: CarrierRules;
  submits: SubmitLog;
  port: number;
  up: boolean;
}

export class SimulatedCarriers {
  private readonly running = new Map<string, Running>();

  constructor(private readonly options: { systemId: string; password: string; inbox: Inbox; logger: Logger }) {}

  /** Starts a carrier; `submits` lets the default carrier keep the log its old routes read. */
  async start(definition: SimulatedCarrierDefinition, submits = new SubmitLog()): Promise<number> {
    const rules = new CarrierRules();
    const server = createCarrier({
      ...this.options,
      submits,
      rules,
      endingTable: definition.endingTable,
      decimalReceiptIds: definition.decimalReceiptIds,
      logger: this.options.logger.child({ carrier: definition.name }),
    });
    await new Promise<void>((resolve) => server.listen(definition.port, definition.host, () => resolve()));
    const port = (server.address() as { port: number }).port;
    this.running.set(definition.name, { definition, server, rules, submits, port, up: true });
    return port;
  }

  get(name: string): Running | undefined {
    return this.running.get(name);
  }

  list(): { name: string; port: number; up: boolean }[] {
    return [...this.running.values()].map((r) => ({ name: r.definition.name, port: r.port, up: r.up }));
  }

  /** The carrier goes away: open sessions cut, the port refuses connections. */
  async down(name: string): Promise<boolean> {
    const carrier = this.running.get(name);
    if (!carrier) return false;
    if (!carrier.up) return true;
    carrier.up = false;
    for (const session of [...carrier.server.sessions]) session.destroy();
    await new Promise<void>((resolve) => carrier.server.close(() => resolve()));
    return true;
  }

  /** The carrier comes back on the same port. */
  async up(name: string): Promise<boolean> {
    const carrier = this.running.get(name);
    if (!carrier) return false;
    if (carrier.up) return true;
    await new Promise<void>((resolve) => carrier.server.listen(carrier.port, carrier.definition.host, () => resolve()));
    carrier.up = true;
    return true;
  }

  async stop(): Promise<void> {
    for (const name of this.running.keys()) await this.down(name);
  }
}
