import { randomBytes } from 'node:crypto';
import { timingSafeEqual } from 'node:crypto';
import smpp from 'smpp';
import type { Logger } from '@otp/platform';
import { findCode, type Inbox } from '../inbox/inbox.js';
import { submitOutcome } from './behaviour.js';
import { concatenationInfo, PartCollector } from './concatenation.js';
import type { CarrierRules } from './rules.js';
import type { SubmitLog } from './submit-log.js';

// The simulated SMS carrier: an SMPP 3.4 server that takes binds with the configured
// credentials, answers submit_sm per the behaviour table, puts each whole message in the inbox
// and sends a delivery receipt (deliver_sm) for every accepted part.

export interface CarrierOptions {
  systemId: string;
  password: string;
  inbox: Inbox;
  submits: SubmitLog;
  rules: CarrierRules;
  /** The number-ending table of docs/sandbox.md applies (the default carrier); others accept all. */
  endingTable: boolean;
  /** Receipts name the message id in decimal while submit_sm_resp gives it in upper-case hex (some SMSCs do). */
  decimalReceiptIds: boolean;
  logger: Logger;
}

/** message_state TLV of each receipt stat word (SMPP 3.4 section 5.2.28). */
const MESSAGE_STATES: Record<string, number> = {
  DELIVRD: 2,
  EXPIRED: 3,
  DELETED: 4,
  UNDELIV: 5,
  UNKNOWN: 7,
  REJECTD: 8,
};

const BIND_COMMANDS = ['bind_transceiver', 'bind_transmitter', 'bind_receiver'];
const TON_INTERNATIONAL = 1;
const NPI_ISDN = 1;
const TON_ALPHANUMERIC = 5;

function sameSecret(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The part's text as the library decoded it. Its UCS-2 decoder keeps a lone surrogate as it is,
 * so a part cut inside a surrogate pair shows as not well-formed, as a strict handset sees it.
 */
function messageText(pdu: smpp.PDU): { text: string; udh: Buffer[] | undefined } {
  const value = pdu.short_message;
  if (value === undefined) return { text: '', udh: undefined };
  if (typeof value === 'string') return { text: value, udh: undefined };
  if (Buffer.isBuffer(value)) return { text: value.toString('latin1'), udh: undefined };
  return { text: typeof value.message === 'string' ? value.message : value.message.toString('latin1'), udh: value.udh };
}

/** Half of a surrogate pair without its other half: not well-formed UTF-16. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** SMPP absolute-ish time for receipt text: YYMMDDhhmm. */
function receiptTime(date: Date): string {
  return date.toISOString().replace(/\D/g, '').slice(2, 12);
}

export function createCarrier(options: CarrierOptions): smpp.Server {
  const parts = new PartCollector();

  // TCP_NODELAY, as the SMS service's binds: a deliver_sm right after a submit_sm_resp goes out
  // at once instead of waiting for the ACK of the response.
  return smpp.createServer({ noDelay: true }, (session) => {
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
      const { text, udh } = messageText(pdu);
      const info = concatenationInfo(udh);
      const scripted = options.rules.answer(to, info?.sequence);
      const outcome = scripted
        ? undefined
        : options.endingTable
          ? submitOutcome(to, options.submits.next(to))
          : 'accepted';
      const status = scripted
        ? scripted.status
        : outcome === 'accepted'
          ? 0
          : outcome === 'transient_error'
            ? smpp.ESME_RSYSERR
            : smpp.ESME_RSUBMITFAIL;
      const receiptState = scripted && 'receipt' in scripted ? scripted.receipt : 'DELIVRD';
      options.submits.record(to, status === 0);
      const hexId = randomBytes(8).toString('hex');
      options.submits.recordPart({
        to,
        ...(info ? { reference: info.reference, total: info.total, sequence: info.sequence } : {}),
        data_coding: pdu.data_coding ?? 0,
        text,
        well_formed: !LONE_SURROGATE.test(text),
        status,
        ...(status === 0 ? { message_id: hexId } : {}),
      });
      if (status !== 0) {
        session.send(pdu.response({ command_status: status }));
        return;
      }

      const id = options.decimalReceiptIds ? hexId.toUpperCase() : hexId;
      const receiptId = options.decimalReceiptIds ? BigInt(`0x${hexId}`).toString(10) : hexId;

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

      // The answer and the receipt, now or after a scripted delay: the message is taken either way
      // (a client gone by then gets nothing: the session no longer writes).
      const answer = (): void => {
        session.send(pdu.response({ message_id: id }));
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
            short_message: `id:${receiptId} sub:001 dlvrd:${receiptState === 'DELIVRD' ? '001' : '000'} submit date:${receiptTime(now)} done date:${receiptTime(now)} stat:${receiptState} err:${receiptState === 'DELIVRD' ? '000' : '001'} text:`,
            // The decimal-id carrier plays an SMSC without the TLVs: its receipt is the text alone.
            ...(options.decimalReceiptIds
              ? {}
              : { receipted_message_id: id, message_state: MESSAGE_STATES[receiptState] ?? 7 }),
          },
          () => {
            if (whole)
              options.inbox.setStatus(whole.ids.join(','), receiptState === 'DELIVRD' ? 'delivered' : 'undelivered');
          },
        );
      };
      const delay = scripted && 'answerAfterMs' in scripted ? scripted.answerAfterMs : 0;
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  });
}
