import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import smpp from 'smpp';
import { freePort } from '@otp/platform/launcher';
import { startTestPlatform, type TestPlatform } from '@otp/test/infra';
import { BENCH_CONNECTIONS } from './load.js';

// Carriers scenario: delivered SMS per second (queued -> sent at the carrier, the whole worker
// path: claim, capture, route choice, submit_sm through the bind's window, the sent event) through
// one bind with window 10, and through two carriers, against a floor measured in the same run: a
// bare smpp client pushing submit_sm through one bind with window 10 to the same sandbox carrier
// (what the simulated SMSC and one window allow, with no database, queue or billing).

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1500);
const WINDOW = 10;

interface Figures {
  name: string;
  perSecond: number;
  count: number;
}

function show(f: Figures): string {
  return `${f.name.padEnd(44)} ${f.perSecond.toFixed(0).padStart(6)} SMS/s   (${f.count} messages)`;
}

/** submit_sm through one bind with `WINDOW` outstanding, as fast as the carrier answers. */
async function floor(port: number): Promise<Figures> {
  // TCP_NODELAY, as the SMS service's binds (smpp-bind.ts).
  const session = smpp.connect({ host: '127.0.0.1', port, noDelay: true });
  await new Promise<void>((resolve, reject) => {
    session.on('error', reject);
    session.on('connect', () =>
      session.bind_transceiver({ system_id: 'otp', password: 'sandbox', interface_version: 0x34 }, (pdu) =>
        pdu.command_status === 0 ? resolve() : reject(new Error(`bind ${pdu.command_status}`)),
      ),
    );
  });
  session.on('deliver_sm', (pdu) => session.send(pdu.response()));
  const started = performance.now();
  let sent = 0;
  const lane = async () => {
    while (sent < MESSAGES) {
      sent += 1;
      await new Promise<void>((resolve) =>
        session.submit_sm(
          {
            source_addr_ton: 5,
            source_addr_npi: 0,
            source_addr: 'Bench',
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            destination_addr: `1415555${String(sent % 10000).padStart(4, '0')}`,
            registered_delivery: 1,
            data_coding: 0,
            short_message: 'Your order has shipped.',
          },
          () => resolve(),
        ),
      );
    }
  };
  await Promise.all(Array.from({ length: WINDOW }, lane));
  const seconds = (performance.now() - started) / 1000;
  session.close();
  return { name: 'floor: bare submit_sm, one bind, window 10', perSecond: MESSAGES / seconds, count: MESSAGES };
}

/** Queues MESSAGES sends over the API, and measures from the first send to the last one sent. */
async function delivered(platform: TestPlatform, name: string, numbers: string[]): Promise<Figures> {
  // Load, not abuse: the fraud defaults would refuse the same 50 numbers at full speed (429).
  const project = await platform.newProject({ credit: '100000.00', abuseLimits: 'off' });
  await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Bench', site: 'bench.example.com' });
  await platform.admin.post(`/projects/${project.id}/sender-ids/Bench/approve`);
  const pool = new pg.Pool({ connectionString: platform.databaseUrl, max: 1 });
  try {
    const started = performance.now();
    let next = 0;
    // A send the platform refused under load (503) was never queued: only queued ones count.
    let queued = 0;
    const refusals = new Map<number, number>();
    const lane = async () => {
      while (next < MESSAGES) {
        const n = next++;
        const response = await project.api.post('/messages/sms', {
          to: numbers[n % numbers.length],
          body: 'Your order has shipped.',
          from: 'Bench',
        });
        if (response.status === 201) queued += 1;
        else refusals.set(response.status, (refusals.get(response.status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: BENCH_CONNECTIONS }, lane));
    for (const [status, count] of refusals) console.log(`  ${name}: ${count} sends answered ${status}`);
    for (;;) {
      const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM sms.messages WHERE status = 'sent'`);
      if (Number(rows[0]!.n) >= queued) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { name, perSecond: queued / ((performance.now() - started) / 1000), count: queued };
  } finally {
    await pool.end();
  }
}

export async function carriersBenchmark(): Promise<void> {
  const numbers = (prefix: string) => Array.from({ length: 50 }, (_, i) => `+1415${prefix}${String(1000 + i)}`);
  const one = await startTestPlatform({
    only: ['sandbox', 'billing', 'sms', 'gateway'],
    env: { sms: { SMPP_BINDS: '1', SMPP_WINDOW: String(WINDOW), SMPP_TPS: '100000' } },
  });
  let bare: Figures;
  let single: Figures;
  try {
    bare = await floor(one.ports.smpp);
    console.log(show(bare));
    single = await delivered(one, 'delivered: one bind, window 10', numbers('555'));
    console.log(show(single));
  } finally {
    await one.stop();
  }

  const [alpha, beta] = [await freePort(), await freePort()];
  const file = path.join(tmpdir(), `bench-carriers-${process.pid}.json`);
  const carrier = (name: string, port: number) => ({
    name,
    host: '127.0.0.1',
    port,
    system_id: 'otp',
    password: 'sandbox',
    binds: 1,
    window: WINDOW,
    tps: 100000,
  });
  writeFileSync(
    file,
    JSON.stringify({
      carriers: [carrier('alpha', alpha), carrier('beta', beta)],
      routes: [
        { prefix: '1415555', carriers: [{ carrier: 'alpha', cost: '0.004' }] },
        { carriers: [{ carrier: 'beta', cost: '0.004' }] },
      ],
    }),
  );
  const two = await startTestPlatform({
    only: ['sandbox', 'billing', 'sms', 'gateway'],
    env: {
      sandbox: {
        SMPP_CARRIERS: JSON.stringify([
          { name: 'alpha', port: alpha },
          { name: 'beta', port: beta },
        ]),
      },
      sms: { SMS_CARRIERS_FILE: file },
    },
  });
  try {
    const both = await delivered(two, 'delivered: two carriers, one bind each', [...numbers('555'), ...numbers('556')]);
    console.log(show(both));
    for (const f of [single, both]) {
      console.log(`ratio (${f.name} / floor): ${(f.perSecond / bare.perSecond).toFixed(2)} of the floor's throughput`);
    }
  } finally {
    await two.stop();
  }
}
