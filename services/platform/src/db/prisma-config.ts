import { defineConfig } from 'prisma/config';
import { prismaAdapter } from './postgres.js';

/**
 * The prisma.config.ts of every service: migrations run through the WebAssembly schema engine
 * and the pg driver adapter bound to the service's own schema (no native engine download).
 */
export function servicePrismaConfig(defaultSchema: string) {
  const schema = process.env.DATABASE_SCHEMA ?? defaultSchema;
  // The schema's datasource reads DATABASE_URL; generate needs it set even though it never connects.
  process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/otp';
  return defineConfig({
    experimental: { adapter: true },
    engine: 'js',
    schema: 'prisma/schema.prisma',
    migrations: { path: 'prisma/migrations' },
    adapter: async () => prismaAdapter(process.env.DATABASE_URL!, schema),
  });
}
