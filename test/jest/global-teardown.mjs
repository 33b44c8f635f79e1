// Stops what the global setup started (containers, when it started any).
export default async function globalTeardown() {
  await globalThis.otpTestRun?.stop();
}
