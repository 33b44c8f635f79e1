import pg from 'pg';

// Statements this process sent to Postgres, over every pool (Prisma's adapter runs on node-postgres
// too), BEGIN and COMMIT included: what `npm run bench` divides by the operations it ran.
// Postgres itself cannot count them here: pg_stat_statements needs a server restart to preload.

let sent = 0;
let counting = false;

/** Starts counting (once per process) and returns the reader of the count so far. */
export function countStatements(): () => number {
  if (!counting) {
    counting = true;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
      sent += 1;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  }
  return () => sent;
}
