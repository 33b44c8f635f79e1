import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '@otp/platform/launcher';

// The Net::SMPP SMSC (smsc.pl) as a suite starts it: its port, and every event it prints, in order.
// The interoperability suite and the SMPP chaos scenario (test/chaos/smpp.test.ts) share it.

/** One line smsc.pl printed (the fields of its event). */
export interface SmscEvent {
  event: string;
  /** When the suite read the line (ms since the epoch). */
  at: number;
  system_id?: string;
  role?: string;
  interface_version?: number;
  to?: string;
  action?: string;
  /** 1 when the SMSC took the submit (answered or not): a copy the handset may get. */
  copy?: number;
  status?: number;
  message_id?: string;
  data_coding?: number;
  well_formed?: boolean;
  total?: number | null;
  sequence?: number | null;
  units?: number;
  octets?: number;
  escapes?: number;
  text?: string;
  command?: string;
  seq?: number;
  id?: string;
  via?: string;
  state?: string;
}

export interface Smsc {
  port: number;
  events: SmscEvent[];
  /** The submits to `to` (E.164, with or without "+"). */
  submits(to: string): SmscEvent[];
  stop(): void;
}

/** Starts smsc.pl with `configuration` (its header says what it takes); resolves once it listens. */
export async function startSmsc(configuration: Record<string, unknown>): Promise<Smsc> {
  const port = await freePort();
  const script = fileURLToPath(new URL('./smsc.pl', import.meta.url));
  const child: ChildProcess = spawn('perl', [script, String(port), JSON.stringify(configuration)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const events: SmscEvent[] = [];
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`perl SMSC exited with ${code}: is libnet-smpp-perl installed?`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const event = { ...(JSON.parse(line) as Omit<SmscEvent, 'at'>), at: Date.now() };
      events.push(event);
      if (event.event === 'ready') resolve();
    });
  });
  return {
    port,
    events,
    submits: (to) => events.filter((e) => e.event === 'submit' && e.to === to.replace(/^\+/, '')),
    stop: () => child.kill('SIGTERM'),
  };
}
