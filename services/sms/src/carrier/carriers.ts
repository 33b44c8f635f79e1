import type { CarrierStatus, Logger } from '@otp/platform';
import { carriersToTry, routeFor, type Route } from '../domain/routes.js';
import type { Carrier, CarrierReceipt } from './carrier.js';
import type { CarriersPlan } from './carriers-file.js';
import { SmppCarrier } from './smpp-carrier.js';

/** The carriers of the carriers file, bound and kept bound, and the routes over them. */
export class Carriers {
  private readonly byName = new Map<string, Carrier & { start(): void }>();
  private readonly routes: Route[];

  constructor(
    plan: CarriersPlan,
    options: {
      recoverEveryMs: number;
      destinationBackoffMs: number;
      logger: Logger;
      onReceipt: (carrier: Pick<Carrier, 'name' | 'idFormats'>, receipt: CarrierReceipt) => Promise<void>;
    },
  ) {
    this.routes = plan.routes;
    for (const definition of plan.carriers) {
      this.byName.set(definition.name, new SmppCarrier({ ...definition, ...options }));
    }
  }

  start(): void {
    for (const carrier of this.byName.values()) carrier.start();
  }

  get(name: string): Carrier | undefined {
    return this.byName.get(name);
  }

  /** The carriers that may take a message to `to`, in the order to try them (domain/routes.ts). */
  forDestination(to: string, country: string | undefined): string[] {
    return carriersToTry(routeFor(this.routes, to, country), (name) => this.byName.get(name)?.availability() ?? 'down');
  }

  statuses(): CarrierStatus[] {
    return [...this.byName.values()].map((carrier) => carrier.status());
  }

  async close(): Promise<void> {
    await Promise.all([...this.byName.values()].map((carrier) => carrier.close()));
  }
}
