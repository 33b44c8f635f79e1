import { prismaAdapter } from '@otp/platform';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export function openDatabase(url: string, schema: string): Db {
  return new PrismaClient({ adapter: prismaAdapter(url, schema) });
}
