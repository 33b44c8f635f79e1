import type { Command } from '../command.js';

interface Rate {
  country: string;
  network: string;
  mcc_mnc: string;
  price: string;
}

export const commands: Command[] = [
  {
    words: ['sms-rates'],
    usage: 'sms-rates',
    summary: 'the SMS rate card (price per segment)',
    async run(_args, { admin, show }) {
      const card = await admin.request<{ rates: Rate[] }>('GET', '/sms-rates');
      show(
        card,
        card.rates.map((r) => `${r.country}  ${r.mcc_mnc.padEnd(7)} ${r.price.padStart(6)}  ${r.network}`).join('\n'),
      );
    },
  },
];
