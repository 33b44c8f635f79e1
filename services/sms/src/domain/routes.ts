import type { CarrierHealth } from '@otp/platform';

// Which carriers may take a message, in the order they are tried: the route that matches the
// destination most closely (longest number prefix, else its country, else the default route),
// its carriers from the cheapest, carriers that cannot take a message well now (throttled, or
// degraded: answers went missing) moved behind the others, those with every bind down left out.

export interface RouteCarrier {
  carrier: string;
  /** What the carrier charges us per part, in millionths of a dollar (exact; "0.0042" is 4200). */
  costMicros: number;
}

export interface Route {
  /** Digits after the "+", e.g. "4477"; absent on country and default routes. */
  prefix?: string | undefined;
  /** ISO 3166 alpha-2, e.g. "GB"; absent on prefix and default routes. */
  country?: string | undefined;
  /** In the operator's order; the cheapest is tried first, ties keep this order. */
  carriers: RouteCarrier[];
}

/** A carrier's state as route choice sees it: the health the admin API shows. */
export type CarrierAvailability = CarrierHealth;

/** The route for a destination (E.164 with "+", and its country when known). */
export function routeFor(routes: readonly Route[], to: string, country: string | undefined): Route | undefined {
  const digits = to.replace(/^\+/, '');
  let best: Route | undefined;
  for (const route of routes) {
    if (route.prefix === undefined || !digits.startsWith(route.prefix)) continue;
    if (!best || route.prefix.length > best.prefix!.length) best = route;
  }
  if (best) return best;
  const upper = country?.toUpperCase();
  return (
    routes.find((route) => route.country !== undefined && route.country === upper) ??
    routes.find((route) => route.prefix === undefined && route.country === undefined)
  );
}

/**
 * The carriers to try, in order: ready ones by cost, then throttled ones by cost (a busy carrier
 * is still better than none: it only slows down), then degraded ones (a submit there may go
 * unanswered, which costs a copy); carriers whose binds are all down are left out.
 */
export function carriersToTry(
  route: Route | undefined,
  availability: (carrier: string) => CarrierAvailability,
): string[] {
  if (!route) return [];
  const byCost = route.carriers
    .map((entry, index) => ({ ...entry, index }))
    .sort((a, b) => a.costMicros - b.costMicros || a.index - b.index);
  const withHealth = (health: CarrierAvailability) => byCost.filter((c) => availability(c.carrier) === health);
  return [...withHealth('ready'), ...withHealth('throttled'), ...withHealth('degraded')].map((c) => c.carrier);
}

/** "0.0042" -> 4200: a cost in dollars with up to 6 decimals, exactly. */
export function parseCostMicros(value: string | number): number | undefined {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = /^(\d{1,6})(?:\.(\d{1,6}))?$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 1_000_000 + Number((m[2] ?? '').padEnd(6, '0'));
}
