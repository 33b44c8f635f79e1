import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import smpp from 'smpp';
import { COMMAND, decodePdu, PduDecodeError, STATUS } from '../src/carrier/pdu-decode.js';
import { FramingError, PduFrames } from '../src/carrier/pdu-frames.js';
import { receiptOf } from '../src/carrier/receipt-text.js';

// The carrier client's own reading of SMPP (services/sms/src/carrier/pdu-*.ts), against PDUs a
// misbehaving carrier sends: each is read within its bounds or refused with the generic_nack status
// to answer, and the stream goes on with the next PDU.

const RECEIPT = 0x04;

function tlv(tag: number, value: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(tag, 0);
  head.writeUInt16BE(value.length, 2);
  return Buffer.concat([head, value]);
}

function pdu(commandId: number, sequence: number, body: Buffer, status = 0): Buffer {
  const head = Buffer.alloc(16);
  head.writeUInt32BE(16 + body.length, 0);
  head.writeUInt32BE(commandId, 4);
  head.writeUInt32BE(status, 8);
  head.writeUInt32BE(sequence, 12);
  return Buffer.concat([head, body]);
}

/** deliver_sm's mandatory fields (SMPP 3.4 section 4.6.1) around `text`, then `tlvs`. */
function deliverSm(sequence: number, text: string, ...tlvs: Buffer[]): Buffer {
  const cstr = (value: string) => Buffer.from(`${value}\0`, 'latin1');
  const body = Buffer.concat([
    cstr(''),
    Buffer.from([1, 1]),
    cstr('447700123456'),
    Buffer.from([5, 0]),
    cstr('Shop'),
    Buffer.from([RECEIPT, 0, 0]),
    cstr(''),
    cstr(''),
    Buffer.from([0, 0, 0, 0, text.length]),
    Buffer.from(text, 'latin1'),
    ...tlvs,
  ]);
  return pdu(COMMAND.deliver_sm, sequence, body);
}

const state = (value: number) => tlv(0x0427, Buffer.from([value]));

describe('framing an SMPP stream', () => {
  it('PDUs split and joined across reads come out whole, in order', () => {
    const stream = Buffer.concat([
      deliverSm(1, 'a'),
      deliverSm(2, 'bb'),
      pdu(COMMAND.enquire_link, 3, Buffer.alloc(0)),
    ]);
    const frames = new PduFrames();
    const out: Buffer[] = [];
    for (let at = 0; at < stream.length; at += 7) out.push(...frames.push(stream.subarray(at, at + 7)).frames);
    assert.deepEqual(
      out.map((frame) => frame.readUInt32BE(12)),
      [1, 2, 3],
    );
  });
  it('a length no PDU can have ends the stream (the session is reset); what came before it is read', () => {
    const answer = pdu(COMMAND.submit_sm_resp, 8, Buffer.from('3E9\0'));
    const read = new PduFrames().push(Buffer.concat([answer, Buffer.from('GARBAGE!GARBAGE!')]));
    assert.deepEqual(read.frames, [answer]);
    assert.ok(read.error instanceof FramingError);
    const zero = new PduFrames().push(pdu(COMMAND.enquire_link, 1, Buffer.alloc(0)).fill(0, 0, 4));
    assert.ok(zero.error instanceof FramingError);
  });
});

describe('reading PDUs a carrier sends', () => {
  it('a deliver_sm with a zero-length message_state: refused with its sequence, and the next one is read', () => {
    // node-smpp 0.5.1 throws reading it and never reads the connection again.
    const bad = deliverSm(41, 'id:1 stat:DELIVRD', tlv(0x0427, Buffer.alloc(0)));
    assert.throws(
      () => decodePdu(bad),
      (error: unknown) =>
        error instanceof PduDecodeError && error.header.sequence === 41 && error.status === STATUS.ESME_RINVPARLEN,
    );
    const good = decodePdu(deliverSm(42, 'id:1 stat:DELIVRD'));
    assert.equal(good.kind, 'message');
    assert.equal(good.header.sequence, 42);
  });
  it('receipted_message_id without its NUL ends at its length: the TLV after it is read', () => {
    const read = decodePdu(deliverSm(7, '', tlv(0x001e, Buffer.from('3E9', 'latin1')), state(5)));
    assert.ok(read.kind === 'message');
    assert.equal(read.message.receiptedMessageId, '3E9');
    assert.equal(read.message.messageState, 5);
    assert.deepEqual(receiptOf(read.message), { carrierMessageId: '3E9', idFrom: 'tlv', state: 'UNDELIV' });
  });
  it('a data_sm receipt: the TLVs, and the text from message_payload', () => {
    const cstr = (value: string) => Buffer.from(`${value}\0`, 'latin1');
    const body = Buffer.concat([
      cstr(''),
      Buffer.from([1, 1]),
      cstr('447700123456'),
      Buffer.from([5, 0]),
      cstr('Shop'),
      Buffer.from([RECEIPT, 0, 0]),
      tlv(0x0424, Buffer.from('id:1001 done date:2611281200 stat:DELIVRD err:000', 'latin1')),
      tlv(0x001e, Buffer.from('3E9\0', 'latin1')),
    ]);
    const read = decodePdu(pdu(COMMAND.data_sm, 9, body));
    assert.ok(read.kind === 'message' && read.command === 'data_sm');
    assert.deepEqual(receiptOf(read.message), {
      carrierMessageId: '3E9',
      idFrom: 'tlv',
      state: 'DELIVRD',
      error: '000',
      doneAt: new Date('2026-11-28T12:00:00Z'),
    });
  });
  it('mandatory fields cut short, or a TLV running past the PDU: refused', () => {
    assert.throws(() => decodePdu(pdu(COMMAND.deliver_sm, 3, Buffer.from([0, 1]))), PduDecodeError);
    const overrun = deliverSm(4, 'x', Buffer.from([0x04, 0x27, 0x00, 0x09, 0x01]));
    assert.throws(
      () => decodePdu(overrun),
      (error: unknown) => error instanceof PduDecodeError && error.status === STATUS.ESME_RINVOPTPARSTREAM,
    );
  });
  it('submit_sm_resp: its id, an empty one, none with an error status; other requests by their header', () => {
    const answer = (body: Buffer, status = 0) => decodePdu(pdu(COMMAND.submit_sm_resp, 5, body, status));
    assert.deepEqual(answer(Buffer.from('3E9\0')), {
      kind: 'response',
      header: { commandId: COMMAND.submit_sm_resp, status: 0, sequence: 5 },
      id: '3E9',
    });
    const empty = answer(Buffer.from('\0'));
    assert.ok(empty.kind === 'response');
    assert.equal(empty.id, '');
    assert.equal('id' in answer(Buffer.alloc(0), 0x58), false);
    const unknown = decodePdu(pdu(0x00000099, 6, Buffer.from('junk')));
    assert.equal(unknown.kind, 'request');
    assert.equal(unknown.header.commandId, 0x99);
  });
  it("what the client writes still comes from the smpp package's encoder, and reads back", () => {
    const written = new smpp.PDU('deliver_sm', {
      sequence_number: 12,
      source_addr: '447700123456',
      destination_addr: 'Shop',
      esm_class: RECEIPT,
      short_message: 'id:abc stat:EXPIRED',
      receipted_message_id: 'abc',
      message_state: 3,
    }).toBuffer();
    const read = decodePdu(written);
    assert.ok(read.kind === 'message');
    assert.deepEqual(receiptOf(read.message), { carrierMessageId: 'abc', idFrom: 'tlv', state: 'EXPIRED' });
  });
});
