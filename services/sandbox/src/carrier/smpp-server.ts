import { randomBytes } from 'node:crypto';
import { timingSafeEqual } from 'node:crypto';
import smpp from 'smpp';
import type { Logger } from '@otp/platform';
import { findCode, type Inbox } from '../inbox/inbox.js';
import { submitOutcome } from './behaviour.js';
import { concatenationInfo, PartCollector } from './concatenation.js';
import type { SubmitLog } from './submit-log.js';

// The simulated SMS carrier: an SMPP 3.4 server that takes binds with the configured
// credentials, answers submit_sm per the behaviour table, puts each whole message in the inbox
// and sends a delivery receipt (deliver_sm) for every accepted part.

export interface CarrierOptions {
  systemId: string;
  password: string;
  inbox: Inbox;
  submits: SubmitLog;
  logger: Logger;
}

const BIND_COMMANDS = ['bind_transceiver', 'bind_transmitter', 'bind_receiver'];
const TON_INTERNATIONAL = 1;
const NPI_ISDN = 1;
const TON_ALPHANUMERIC = 5;
const MESSAGE_STATE_DELIVERED = 2;

function sameSecret(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function messageText(pdu: smpp.PDU): { text: string; udh: Buffer[] | undefined } {
  const value = pdu.short_message;
  if (value === undefined) return { text: '', udh: undefined };
  if (typeof value === 'string') return { text: value, udh: undefined };
  if (Buffer.isBuffer(value)) return { text: value.toString('latin1'), udh: undefined };
  return { text: typeof value.message === 'string' ? value.message : value.message.toString('latin1'), udh: value.udh };
}

/** SMPP absolute-ish time for receipt text: YYMMDDhhmm. */
function receiptTime(date: Date): string {
  return date.toISOString().replace(/\D/g, '').slice(2, 12);
}

export function createCarrier(options: CarrierOptions): smpp.Server {
  const parts = new PartCollector();

  return smpp.createServer((session) => {
    let bound = false;
    session.on('error', (error) => options.logger.debug({ err: error }, 'smpp session error'));

    for (const command of BIND_COMMANDS) {
      session.on(command, (pdu) => {
        if (!sameSecret(pdu.system_id, options.systemId) || !sameSecret(pdu.password, options.password)) {
          options.logger.warn({ system_id: pdu.system_id }, 'smpp bind refused');
          session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
          session.close();
          return;
        }
        bound = true;
        session.send(pdu.response({ system_id: 'sandbox' }));
      });
    }
    session.on('enquire_link', (pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu) => {
      session.send(pdu.response());
      session.close();
    });
    // Responses to our deliver_sm receipts need no handling.
    session.on('deliver_sm_resp', () => undefined);

    session.on('submit_sm', (pdu) => {
      if (!bound) {
        session.send(pdu.response({ command_status: smpp.ESME_RINVBNDSTS }));
        return;
      }
      const to = `+${pdu.destination_addr ?? ''}`;
      const from = pdu.source_addr ?? '';
      const outcome = submitOutcome(to, options.submits.next(to));
      options.submits.record(to, outcome === 'accepted');
      if (outcome !== 'accepted') {
        const status = outcome === 'transient_error' ? smpp.ESME_RTHROTTLED : smpp.ESME_RSUBMITFAIL;
        session.send(pdu.response({ command_status: status }));
        return;
      }

      const id = randomBytes(8).toString('hex');
      session.send(pdu.response({ message_id: id }));

      const { text, udh } = messageText(pdu);
      const info = concatenationInfo(udh);
      const whole = info ? parts.add(`${from}|${to}|${info.reference}`, info, text, id) : { text, ids: [id] };
      if (whole) {
        options.inbox.add({
          channel: 'sms',
          to,
          from,
          text: whole.text,
          code: findCode(whole.text),
          provider_id: whole.ids.join(','),
          status: 'accepted',
        });
      }

      const now = new Date();
      session.deliver_sm(
        {
          source_addr_ton: TON_INTERNATIONAL,
          source_addr_npi: NPI_ISDN,
          source_addr: pdu.destination_addr ?? '',
          dest_addr_ton: TON_ALPHANUMERIC,
          dest_addr_npi: 0,
          destination_addr: from,
          esm_class: smpp.ESM_CLASS.MC_DELIVERY_RECEIPT,
          short_message: `id:${id} sub:001 dlvrd:001 submit date:${receiptTime(now)} done date:${receiptTime(now)} stat:DELIVRD err:000 text:`,
          receipted_message_id: id,
          message_state: MESSAGE_STATE_DELIVERED,
        },
        () => {
          if (whole) options.inbox.setStatus(whole.ids.join(','), 'delivered');
        },
      );
    });
  });
}
