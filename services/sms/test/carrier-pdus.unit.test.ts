import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseReceiptText } from '../src/carrier/receipt-text.js';
import { submitSmPdus } from '../src/carrier/submit-sm.js';
import { planSegments } from '../src/domain/segments.js';

describe('submit_sm PDUs of one message', () => {
  it('a single plain part: GSM default alphabet, no UDH, receipt requested, alphanumeric sender', () => {
    const [pdu, ...rest] = submitSmPdus({ from: 'MyShop', to: '+447700123456', plan: planSegments('hello') }, 7);
    assert.equal(rest.length, 0);
    assert.equal(pdu!.short_message, 'hello');
    assert.equal(pdu!.data_coding, 0x00);
    assert.equal(pdu!.registered_delivery, 1);
    assert.equal(pdu!.source_addr_ton, 5);
    assert.equal(pdu!.destination_addr, '447700123456');
  });

  it('a long UCS-2 message: one PDU per part, each with the concatenation header', () => {
    const pdus = submitSmPdus({ from: 'MyShop', to: '+447700123456', plan: planSegments('é'.repeat(135)) }, 300);
    assert.equal(pdus.length, 3);
    pdus.forEach((pdu, index) => {
      assert.equal(pdu.data_coding, 0x08);
      assert.ok(typeof pdu.short_message === 'object');
      // IEI 0x00, length 3, reference (300 wraps to 44), total 3, sequence 1..3
      assert.deepEqual([...pdu.short_message.udh], [0x05, 0x00, 0x03, 44, 3, index + 1]);
    });
  });
});

describe('delivery receipt text', () => {
  it('reads id and stat from the SMPP 3.4 appendix B format', () => {
    const text = 'id:abc123 sub:001 dlvrd:001 submit date:2611210535 done date:2611210535 stat:DELIVRD err:000 text:';
    assert.deepEqual(parseReceiptText(text), { carrierMessageId: 'abc123', state: 'DELIVRD' });
  });
  it('prefers the receipted_message_id TLV when present', () => {
    assert.deepEqual(parseReceiptText('id:x stat:UNDELIV', 'tlv-id'), { carrierMessageId: 'tlv-id', state: 'UNDELIV' });
  });
  it('ignores a text that is not a receipt', () => {
    assert.equal(parseReceiptText('hello there'), undefined);
  });
});
