import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { submitSmPdu } from '../src/carrier/submit-sm.js';
import { planSegments } from '../src/domain/segments.js';
import { wireText } from '../src/domain/wire-text.js';

function outgoing(body: string, reference: number) {
  const plan = planSegments(body);
  const message = {
    from: 'MyShop',
    to: '+447700123456',
    plan,
    reference,
    sequences: plan.parts.map((_, index) => index + 1),
  };
  const wire = wireText(plan, 0);
  return message.sequences.map((sequence) => submitSmPdu(message, wire, sequence));
}

describe('submit_sm PDUs of one message', () => {
  it('a single ASCII part: GSM default alphabet, no UDH, receipt requested, alphanumeric sender', () => {
    const [pdu, ...rest] = outgoing('hello', 7);
    assert.equal(rest.length, 0);
    assert.deepEqual(pdu!.short_message, Buffer.from('hello'));
    assert.equal(pdu!.data_coding, 0x00);
    assert.equal(pdu!.registered_delivery, 1);
    assert.equal(pdu!.source_addr_ton, 5);
    assert.equal(pdu!.destination_addr, '447700123456');
  });

  it('a long UCS-2 message: one PDU per part, each with the concatenation header', () => {
    const pdus = outgoing('é'.repeat(135), 300);
    assert.equal(pdus.length, 3);
    pdus.forEach((pdu, index) => {
      assert.equal(pdu.data_coding, 0x08);
      assert.ok(typeof pdu.short_message === 'object' && 'udh' in pdu.short_message);
      // IEI 0x00, length 3, reference (300 wraps to 44), total 3, sequence 1..3
      assert.deepEqual([...pdu.short_message.udh], [0x05, 0x00, 0x03, 44, 3, index + 1]);
    });
  });
});
