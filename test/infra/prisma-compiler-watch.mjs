/* global WebAssembly */
// Loaded with `--import` into a service by test/e2e/lean-processes.test.ts: writes one line to
// stderr when the process compiles Prisma's WebAssembly query compiler (about 22 MB resident),
// with the stack that asked for it, so the test can say which code path loaded it.
const NativeModule = WebAssembly.Module;
WebAssembly.Module = new Proxy(NativeModule, {
  construct(target, args, newTarget) {
    const stack = new Error().stack ?? '';
    if (stack.includes('getQueryCompilerWasmModule') || stack.includes('decodeBase64AsWasm')) {
      process.stderr.write(`prisma-query-compiler-loaded ${JSON.stringify(stack)}\n`);
    }
    return Reflect.construct(target, args, newTarget);
  },
});
