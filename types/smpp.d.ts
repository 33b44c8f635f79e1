// The part of the untyped `smpp` package (node-smpp 0.5) the platform uses: the carrier client in
// services/sms and the simulated carrier in services/sandbox. One declaration for both.
// CommonJS: most constants are assigned in loops, so Node's ESM named-export detection misses
// them; import the module object (`import smpp from 'smpp'`).
declare module 'smpp' {
  import { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  namespace smpp {
    /** A decoded short_message: the text and, when the UDH indicator is set, its information elements. */
    export interface DecodedMessage {
      udh?: Buffer[];
      message: string | Buffer;
    }

    export interface PDU {
      command: string;
      command_status: number;
      sequence_number: number;
      system_id?: string;
      password?: string;
      source_addr?: string;
      destination_addr?: string;
      esm_class?: number;
      message_id?: string;
      receipted_message_id?: string;
      /** TLV message_state of a receipt (SMPP 3.4 section 5.2.28). */
      message_state?: number;
      data_coding?: number;
      short_message?: DecodedMessage | Buffer | string;
      isResponse(): boolean;
      response(options?: Record<string, unknown>): PDU;
      /** The PDU's bytes (the sms carrier client writes these itself: services/sms/src/carrier/smpp-session.ts). */
      toBuffer(): Buffer;
    }

    /** A PDU of `command` (submit_sm, generic_nack, ...) from its fields, for `toBuffer`. */
    export const PDU: new (command: string, options?: Record<string, unknown>) => PDU;

    export type ResponseCallback = (pdu: PDU) => void;

    interface Addressing {
      source_addr_ton: number;
      source_addr_npi: number;
      source_addr: string;
      dest_addr_ton: number;
      dest_addr_npi: number;
      destination_addr: string;
    }

    export interface SubmitSmOptions extends Addressing {
      registered_delivery: number;
      data_coding: number;
      short_message: { udh: Buffer; message: string | Buffer } | string | Buffer;
    }

    export interface DeliverSmOptions extends Addressing {
      esm_class: number;
      short_message: string;
      receipted_message_id?: string;
      message_state?: number;
    }

    export class Session extends EventEmitter {
      bind_transceiver(
        options: { system_id: string; password: string; system_type?: string; interface_version?: number },
        callback: ResponseCallback,
      ): boolean;
      submit_sm(options: SubmitSmOptions, callback: ResponseCallback): boolean;
      deliver_sm(options: DeliverSmOptions, callback?: ResponseCallback): boolean;
      enquire_link(options: Record<string, never>, callback: ResponseCallback): boolean;
      unbind(options: Record<string, never>, callback: ResponseCallback): boolean;
      send(pdu: PDU, callback?: ResponseCallback): boolean;
      close(callback?: () => void): void;
      destroy(callback?: () => void): void;
      on(event: 'connect' | 'close', listener: () => void): this;
      on(event: 'error', listener: (error: Error) => void): this;
      on(event: string, listener: (pdu: PDU) => void): this;
    }

    export interface Server extends NetServer {
      sessions: Session[];
    }

    /** The options go to net.connect (noDelay: TCP_NODELAY on the socket). */
    export function connect(options: { host: string; port: number; noDelay?: boolean }, listener?: () => void): Session;
    /** The options go to net.Server (noDelay: TCP_NODELAY on every accepted socket). */
    export function createServer(options: { noDelay?: boolean }, listener: (session: Session) => void): Server;
    export function createServer(listener: (session: Session) => void): Server;

    export const ESME_ROK: number;
    export const ESME_RINVBNDSTS: number;
    export const ESME_RBINDFAIL: number;
    export const ESME_RSUBMITFAIL: number;
    export const ESME_RTHROTTLED: number;
    export const ESME_RSYSERR: number;
    export const ESME_RINVDSTADR: number;
    export const ESME_RMSGQFUL: number;
    export const ESM_CLASS: { MC_DELIVERY_RECEIPT: number; UDH_INDICATOR: number };
  }

  export = smpp;
}
