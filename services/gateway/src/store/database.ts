import { prismaAdapter, schemaPool } from '@otp/platform';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/**
 * Prisma on the service's pool. Pass the pool the named statements share (api-keys.ts,
 * idempotency-records.ts); `$disconnect` ends it.
 */
export function openDatabase(url: string, schema: string, pool = schemaPool(url, schema, 10)): Db {
  return new PrismaClient({ adapter: prismaAdapter(pool, schema) });
}
