import type pg from 'pg';

// Hot-path statements on node-postgres: a named statement is parsed and planned once per
// connection, then only bound and executed. Prisma stays the owner of schemas, migrations and
// cold paths; a statement that must also run inside a Prisma transaction goes through
// `$queryRawUnsafe` there, with the same text (docs/developing.md, "Hot paths").

/** One statement: its name (unique in the process) and its text with `$1`-style parameters. */
export interface NamedStatement {
  name: string;
  text: string;
}

/** Where a statement runs: the pool, or the Prisma transaction that holds a row. */
export interface StatementRunner {
  rows<T>(statement: NamedStatement, values: unknown[]): Promise<T[]>;
}

/** Runs statements prepared on the pool's connections. */
export function poolRunner(pool: pg.Pool): StatementRunner {
  return {
    async rows<T>(statement: NamedStatement, values: unknown[]) {
      const result = await pool.query({ name: statement.name, text: statement.text, values });
      return result.rows as T[];
    },
  };
}

/** Runs statements through a Prisma client or transaction (same text, not prepared by name). */
export function prismaRunner(prisma: {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}): StatementRunner {
  return {
    rows<T>(statement: NamedStatement, values: unknown[]) {
      return prisma.$queryRawUnsafe<T[]>(statement.text, ...values);
    },
  };
}

/**
 * Runs `work` in one transaction on a connection of the pool: committed when it resolves, rolled
 * back when it throws (the error is rethrown). For what a process does by itself (start-up,
 * periodic tasks) that must be atomic without loading Prisma's query compiler.
 */
export async function inPoolTransaction<T>(pool: pg.Pool, work: (runner: StatementRunner) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A connection whose ROLLBACK failed is in an unknown state: it leaves the pool.
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work({
      async rows<R>(statement: NamedStatement, values: unknown[]) {
        const answer = await client.query({ name: statement.name, text: statement.text, values });
        return answer.rows as R[];
      },
    });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
