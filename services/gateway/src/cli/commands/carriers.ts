import type { Command } from '../command.js';

interface CarrierView {
  name: string;
  host: string;
  port: number;
  health: string;
  binds: { bound: boolean; window_in_use: number; window: number; tps: number; replica: string }[];
  window_in_use: number;
  throughput: number;
  last_error: string | null;
}

interface ReplicaView {
  address: string;
  answered: boolean;
  error: string | null;
}

export const commands: Command[] = [
  {
    words: ['carriers'],
    usage: 'carriers',
    summary: 'the SMS carriers across every sms replica: health, binds, window in use, throughput, last error',
    async run(_args, { admin, show }) {
      const list = await admin.request<{ carriers: CarrierView[]; replicas: ReplicaView[] }>('GET', '/carriers');
      const answered = list.replicas.filter((r) => r.answered).length;
      const silent = list.replicas.filter((r) => !r.answered).map((r) => `${r.address} (${r.error ?? 'no answer'})`);
      show(
        list,
        [
          `sms replicas: ${answered}/${list.replicas.length} answered` +
            (silent.length > 0 ? `; not answering: ${silent.join(', ')}` : ''),
          ...list.carriers.map((c) => {
            const bound = c.binds.filter((b) => b.bound).length;
            const limits = c.binds.map((b) => `${b.window}/${b.tps}tps`).join(' ');
            return (
              `${c.name.padEnd(12)} ${c.health.padEnd(9)} ${`${c.host}:${c.port}`.padEnd(22)} ` +
              `binds ${bound}/${c.binds.length} [${limits}]  in use ${c.window_in_use}  ${c.throughput}/s` +
              (c.last_error ? `  last error: ${c.last_error}` : '')
            );
          }),
        ].join('\n'),
      );
    },
  },
];
