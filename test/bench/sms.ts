import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { natsUrl, startTestPlatform } from '@otp/test/infra';
import { BENCH_CONNECTIONS, describe, load, type LoadFigures } from './load.js';

// SMS scenario: POST /v1/messages/sms through the whole send path (gateway auth and validation,
// Sms.Send, Billing.Quote and Billing.Hold, the insert, the JetStream publish) against a floor
// that does only the unavoidable part: one Postgres insert and one JetStream publish.

const REQUEST = { to: '+14155550123', body: 'Your order has shipped.' };

/**
 * The send path with `projects` projects, one API key per connection in turn. Every send holds and
 * later captures money on its project's account row, so one project serialises on that row; many
 * projects show what the rest of the path can do.
 */
async function sendPath(projects: number): Promise<LoadFigures> {
  const platform = await startTestPlatform({ only: ['sandbox', 'billing', 'sms', 'gateway'] });
  try {
    const keys: string[] = [];
    for (let i = 0; i < projects; i++) {
      const project = await platform.newProject({ credit: '100000.00' });
      await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Bench', site: 'bench.example.com' });
      await platform.admin.post(`/projects/${project.id}/sender-ids/Bench/approve`);
      keys.push(project.key);
    }
    return await load(`POST /v1/messages/sms (${projects} project${projects > 1 ? 's' : ''})`, {
      url: `${platform.publicUrl}/v1/messages/sms`,
      connectionHeaders: keys.map((key) => ({ authorization: `Bearer ${key}` })),
      body: JSON.stringify({ ...REQUEST, from: 'Bench' }),
    });
  } finally {
    await platform.stop();
  }
}

export async function floor(databaseUrl: string): Promise<LoadFigures> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./floor-server.ts', import.meta.url))],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, NATS_URL: natsUrl() },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`floor server exited with ${code}`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const record = JSON.parse(line) as { msg?: string; ports?: { http: number } };
        if (record.msg === 'ready' && record.ports) resolve(record.ports.http);
      });
    });
    return await load('floor: express + insert + publish', {
      url: `http://127.0.0.1:${port}/floor`,
      body: JSON.stringify(REQUEST),
    });
  } finally {
    child.kill('SIGTERM');
  }
}

export async function smsBenchmark(databaseUrl: string): Promise<void> {
  const one = await sendPath(1);
  console.log(describe(one));
  const many = await sendPath(BENCH_CONNECTIONS);
  console.log(describe(many));
  const bare = await floor(databaseUrl);
  console.log(describe(bare));
  for (const send of [one, many]) {
    console.log(
      `ratio (${send.name} / floor): ${(send.requestsPerSecond / bare.requestsPerSecond).toFixed(2)} of the floor's throughput`,
    );
  }
}
