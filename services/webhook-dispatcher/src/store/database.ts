import { prismaAdapter, schemaPool } from '@otp/platform';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;

/**
 * Prisma on the service's pool. Pass the pool the named statements share (delivery-statements.ts);
 * `$disconnect` ends it.
 */
export function openDatabase(url: string, schema: string, pool = schemaPool(url, schema, 10)): Db {
  return new PrismaClient({ adapter: prismaAdapter(pool, schema) });
}
