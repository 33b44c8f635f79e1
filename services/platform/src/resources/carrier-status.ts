// A carrier as the admin API shows it (GET /admin/v1/carriers): each sms replica reports the
// binds it holds in this shape, and the gateway adds the replicas' reports up
// (gateway domain/carrier-fleet.ts).

/**
 * down: no bind is up; degraded: a bind's keep-alive or a submit went unanswered (until an
 * enquire_link is answered again), or a receiver of a bind pair is down; throttled: the carrier
 * asked to slow down.
 */
export type CarrierHealth = 'ready' | 'throttled' | 'degraded' | 'down';

export interface CarrierBindStatus {
  bound: boolean;
  /** Submits awaiting their response, and how many the window allows now. */
  window_in_use: number;
  window: number;
  tps: number;
  throttles: number;
}

export interface CarrierStatus {
  name: string;
  host: string;
  port: number;
  health: CarrierHealth;
  binds: CarrierBindStatus[];
  window_in_use: number;
  /** Parts accepted in the last 10 seconds, per second. */
  throughput: number;
  submitted: number;
  accepted: number;
  refused: number;
  last_error: string | null;
  last_error_at: string | null;
}
