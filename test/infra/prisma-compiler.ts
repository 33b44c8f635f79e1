import { fileURLToPath } from 'node:url';

// Whether a service process compiled Prisma's WebAssembly query compiler (about 22 MB resident):
// a service started with `PRISMA_COMPILER_WATCH` in its env loads prisma-compiler-watch.mjs, which
// writes one line to stderr, with the stack that asked for it, when that happens.

export const PRISMA_COMPILER_LOADED = 'prisma-query-compiler-loaded';

/** The env that loads the watch into a service process. */
export const PRISMA_COMPILER_WATCH: Record<string, string> = {
  NODE_OPTIONS: `--import ${fileURLToPath(new URL('./prisma-compiler-watch.mjs', import.meta.url))}`,
};

/** The stack that loaded the compiler, from a watched service's output lines; undefined while it has not. */
export function prismaCompilerLoad(lines: readonly string[]): string | undefined {
  const line = lines.find((entry) => entry.startsWith(PRISMA_COMPILER_LOADED));
  return line === undefined ? undefined : (JSON.parse(line.slice(PRISMA_COMPILER_LOADED.length + 1)) as string);
}
