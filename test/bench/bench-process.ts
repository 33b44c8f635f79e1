import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface BenchProcess {
  child: ChildProcess;
  /** The ports its ready line named. */
  ports: Record<string, number>;
}

/**
 * Starts one of the bench's own servers (floor-server.ts, parts-server.ts) as its own process, as
 * the services run, and waits for its `{"msg":"ready","ports":{...}}` line.
 */
export async function startBenchProcess(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<BenchProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url)), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ports = await new Promise<Record<string, number>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} ${args.join(' ')} exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const record = JSON.parse(line) as { msg?: string; ports?: Record<string, number> };
      if (record.msg === 'ready' && record.ports) resolve(record.ports);
    });
  });
  return { child, ports };
}
