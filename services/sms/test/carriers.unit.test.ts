import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import fc from 'fast-check';
import { readCarriersFile } from '../src/carrier/carriers-file.js';
import { parseReceipt } from '../src/carrier/receipt-text.js';
import { submitSmPdu } from '../src/carrier/submit-sm.js';
import { BindPace } from '../src/domain/bind-pace.js';
import { ThrottleScope } from '../src/domain/throttle-scope.js';
import { messageDeliveryStatus, idKey, deliveryStatusOf, type IdFormat } from '../src/domain/receipts.js';
import { carriersToTry, parseCostMicros, routeFor, type Route } from '../src/domain/routes.js';
import { planSegments, type SegmentPlan } from '../src/domain/segments.js';
import { wireText } from '../src/domain/wire-text.js';
import { classifySubmitStatus, describeSubmitStatus } from '../src/domain/submit-status.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('SMPP error classes', () => {
  it('throttling, permanent and temporary statuses', () => {
    assert.equal(classifySubmitStatus(0), 'accepted');
    assert.equal(classifySubmitStatus(0x58), 'throttled');
    assert.equal(classifySubmitStatus(0x14), 'throttled');
    for (const permanent of [0x0b, 0x0a, 0x01, 0x62, 0x65]) assert.equal(classifySubmitStatus(permanent), 'permanent');
    for (const temporary of [0x08, 0x45, 0x64, 0xff, 0x1234])
      assert.equal(classifySubmitStatus(temporary), 'temporary');
    assert.equal(describeSubmitStatus(0x0b), '0x000b ESME_RINVDSTADR');
    assert.equal(describeSubmitStatus(0x1234), '0x1234');
  });
});

describe('delivery receipts', () => {
  it('reads the de facto text: id, stat, err, done date', () => {
    const receipt = parseReceipt({
      text: 'id:0A1b2C sub:001 dlvrd:001 submit date:2611231200 done date:2611231201 stat:DELIVRD err:000 text:Hello',
    });
    assert.deepEqual(receipt, {
      carrierMessageId: '0A1b2C',
      idFrom: 'text',
      state: 'DELIVRD',
      error: '000',
      doneAt: new Date('2026-11-23T12:01:00Z'),
    });
  });
  it('the TLVs win over the text', () => {
    const receipt = parseReceipt({ text: 'id:x stat:DELIVRD', receiptedMessageId: 'tlv-id', messageState: 5 });
    assert.equal(receipt?.carrierMessageId, 'tlv-id');
    assert.equal(receipt?.idFrom, 'tlv');
    assert.equal(receipt?.state, 'UNDELIV');
  });
  it('field names in any case; not a receipt: undefined', () => {
    assert.equal(parseReceipt({ text: 'ID:abc Stat:expired' })?.state, 'EXPIRED');
    assert.equal(parseReceipt({ text: 'hello there' }), undefined);
  });
  it('states and the message status from its parts', () => {
    assert.equal(deliveryStatusOf('DELIVRD'), 'delivered');
    assert.equal(deliveryStatusOf('UNDELIV'), 'undelivered');
    assert.equal(deliveryStatusOf('REJECTD'), 'rejected');
    assert.equal(deliveryStatusOf('ENROUTE'), undefined);
    assert.equal(deliveryStatusOf('WHATEVER'), 'unknown');
    assert.equal(messageDeliveryStatus(['delivered'], 2), null);
    assert.equal(messageDeliveryStatus(['delivered', 'delivered'], 2), 'delivered');
    assert.equal(messageDeliveryStatus(['expired'], 3), 'expired');
    assert.equal(messageDeliveryStatus(['delivered', 'unknown'], 2), 'unknown');
  });
});

describe("receipt ids match in the carrier's declared format, one reading each", () => {
  const matches = (submitId: string, submit: IdFormat, receiptId: string, receipt: IdFormat = submit) => {
    const key = idKey(submitId, submit);
    return key !== undefined && key === idKey(receiptId, receipt);
  };
  it('examples', () => {
    assert.ok(matches('00AB12', 'hex', 'ab12'));
    assert.ok(matches('00AB12', 'hex', '43794', 'decimal'));
    assert.ok(matches('12345', 'decimal', '0012345'));
    assert.ok(matches('msg-XYZ', 'opaque', ' msg-XYZ'));
    assert.ok(!matches('msg-XYZ', 'opaque', 'MSG-xyz'), 'opaque ids are compared as they are');
    assert.ok(!matches('abc', 'hex', 'abd'));
  });
  it('an all-digit id has one reading: 4096 and 1000 are different messages whatever the format', () => {
    // The issue: both readings of an all-digit id were stored, so 0x1000 (4096) and 1000 met.
    assert.ok(!matches('1000', 'hex', '1000', 'decimal'));
    assert.ok(matches('1000', 'hex', '4096', 'decimal'));
    assert.ok(matches('4096', 'decimal', '1000', 'hex'), 'the same number, written in each base');
    assert.notEqual(idKey('1000', 'hex'), idKey('1000', 'decimal'));
    assert.notEqual(idKey('4096', 'decimal'), idKey('1000', 'decimal'));
  });
  it('an id not written in the declared format matches nothing', () => {
    assert.equal(idKey('12ab', 'decimal'), undefined);
    assert.equal(idKey('xyz', 'hex'), undefined);
    assert.equal(idKey('', 'opaque'), undefined);
    assert.equal(idKey('f'.repeat(65), 'hex'), undefined);
  });
  it('property: a hex id matches its decimal, upper-case and zero-padded forms, and no other number', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }), fc.nat(4), (value, pad) => {
        const hex = value.toString(16);
        assert.ok(matches(hex, 'hex', value.toString(10), 'decimal'));
        assert.ok(matches(hex.toUpperCase(), 'hex', hex));
        assert.ok(matches('0'.repeat(pad) + hex, 'hex', hex.toUpperCase()));
        assert.ok(!matches(hex, 'hex', (value + 1n).toString(10), 'decimal'));
      }),
    );
  });
});

describe('route choice', () => {
  const routes: Route[] = [
    {
      prefix: '4477',
      carriers: [
        { carrier: 'beta', costMicros: 5100 },
        { carrier: 'alpha', costMicros: 4200 },
      ],
    },
    { prefix: '44779', carriers: [{ carrier: 'gamma', costMicros: 1 }] },
    { country: 'GB', carriers: [{ carrier: 'alpha', costMicros: 5000 }] },
    { carriers: [{ carrier: 'beta', costMicros: 0 }] },
  ];
  it('longest prefix, then country, then the default route', () => {
    assert.equal(routeFor(routes, '+447791234567', 'GB')?.carriers[0]?.carrier, 'gamma');
    assert.equal(routeFor(routes, '+447700123456', 'GB')?.prefix, '4477');
    assert.equal(routeFor(routes, '+441234567890', 'GB')?.country, 'GB');
    assert.equal(routeFor(routes, '+33612345678', 'FR')?.carriers[0]?.carrier, 'beta');
  });
  it('cheapest ready first, throttled after the ready ones, down left out', () => {
    const route = routes[0];
    assert.deepEqual(
      carriersToTry(route, () => 'ready'),
      ['alpha', 'beta'],
    );
    assert.deepEqual(
      carriersToTry(route, (c) => (c === 'alpha' ? 'down' : 'ready')),
      ['beta'],
    );
    assert.deepEqual(
      carriersToTry(route, (c) => (c === 'alpha' ? 'throttled' : 'ready')),
      ['beta', 'alpha'],
    );
    assert.deepEqual(
      carriersToTry(route, (c) => (c === 'alpha' ? 'degraded' : 'throttled')),
      ['beta', 'alpha'],
      'a degraded carrier (answers went missing) goes after a throttled one',
    );
    assert.deepEqual(
      carriersToTry(undefined, () => 'ready'),
      [],
    );
  });
  it('property: the first carrier tried is a cheapest ready one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cost: fc.nat(100), state: fc.constantFrom('ready', 'throttled', 'down') }), {
          minLength: 1,
          maxLength: 6,
        }),
        (entries) => {
          const route: Route = { carriers: entries.map((e, i) => ({ carrier: `c${i}`, costMicros: e.cost })) };
          const state = (name: string) => entries[Number(name.slice(1))]!.state as 'ready' | 'throttled' | 'down';
          const order = carriersToTry(route, state);
          const ready = entries.filter((e) => e.state === 'ready');
          assert.equal(order.length, entries.filter((e) => e.state !== 'down').length);
          if (ready.length > 0) {
            assert.equal(state(order[0]!), 'ready');
            assert.equal(entries[Number(order[0]!.slice(1))]!.cost, Math.min(...ready.map((e) => e.cost)));
          }
        },
      ),
    );
  });
  it('costs are exact millionths', () => {
    assert.equal(parseCostMicros('0.0042'), 4200);
    assert.equal(parseCostMicros('1'), 1_000_000);
    assert.equal(parseCostMicros('0.1234567'), undefined);
    assert.equal(parseCostMicros('-1'), undefined);
  });
});

describe('bind pace', () => {
  it('a throttle halves window and TPS; each recovery step gives some back, up to the limits', () => {
    const pace = new BindPace({ window: 10, tps: 100 }, 1000);
    pace.onThrottled(10_000);
    assert.deepEqual(pace.current(10_000), { window: 5, tps: 50 });
    assert.ok(pace.throttledRecently(10_500));
    assert.deepEqual(pace.current(11_000), { window: 6, tps: 60 });
    assert.deepEqual(pace.current(30_000), { window: 10, tps: 100 });
    assert.ok(!pace.throttledRecently(30_000));
  });
  it("one number refused again and again is that number's; two numbers within a step are the carrier's", () => {
    const scope = new ThrottleScope(1000);
    for (let at = 0; at < 40_000; at += 500) assert.equal(scope.bindWide('+447700000001', at), false);
    assert.equal(scope.bindWide('+447700000002', 40_100), true, 'two numbers refused within a step: the bind');
    assert.equal(scope.bindWide('+447700000003', 42_000), false, 'a step apart: not yet');
  });
  it('slots are spaced by 1/TPS', () => {
    const pace = new BindPace({ window: 10, tps: 10 }, 1000);
    assert.equal(pace.takeSlot(5000), 0);
    assert.equal(pace.takeSlot(5000), 100);
    assert.equal(pace.takeSlot(5100), 0);
  });
  it('a bind whose timers fire late still submits its TPS', () => {
    // 200 a second, every wake-up 2 ms after the slot it waited for (a busy event loop).
    const pace = new BindPace({ window: 10, tps: 200 }, 1000);
    let now = 0;
    let taken = 0;
    while (now < 10_000) {
      const wait = pace.takeSlot(now);
      if (wait === 0) taken += 1;
      else now += Math.ceil(wait) + 2;
    }
    assert.ok(taken >= 1990, `${taken} slots in 10 s at 200 a second`);
  });
  it('property: whatever the times it is asked, no second holds more than tps + 1 slots', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.array(fc.double({ min: 0, max: 50, noNaN: true }), { minLength: 1, maxLength: 400 }),
        (tps, gaps) => {
          const pace = new BindPace({ window: 10, tps }, 1000);
          const slots: number[] = [];
          let now = 0;
          for (const gap of gaps) {
            now += gap;
            // Every slot the bind allows at this moment is taken (a burst of waiting submits).
            while (pace.takeSlot(now) === 0) slots.push(now);
          }
          for (let first = 0; first < slots.length; first++) {
            let last = first;
            while (last + 1 < slots.length && slots[last + 1]! < slots[first]! + 1000) last += 1;
            assert.ok(last - first + 1 <= tps + 1, `${last - first + 1} slots within a second at ${tps} a second`);
          }
        },
      ),
    );
  });
});

describe('splitting', () => {
  it('property: parts never split a pair, rejoin to the body, fit their limit; billed = parts', () => {
    const text = fc.array(fc.constantFrom('a', 'é', '\u{1F600}', ' ', '€', '\u{1F44D}\u{1F3FD}'), { maxLength: 300 });
    fc.assert(
      fc.property(text, (chars) => {
        const body = chars.join('');
        const plan = planSegments(body);
        assert.equal(plan.parts.join(''), body);
        const limit =
          plan.parts.length === 1 ? (plan.encoding === 'gsm7' ? 160 : 70) : plan.encoding === 'gsm7' ? 153 : 67;
        for (const part of plan.parts) {
          assert.ok(part.length <= limit);
          assert.ok(!LONE_SURROGATE.test(part), 'well-formed UTF-16');
        }
        for (const coding of [0, 1, 3] as const) assert.equal(wireText(plan, coding).parts.length, plan.parts.length);
      }),
    );
  });
  it('data_coding per carrier for ASCII text; UCS-2 bytes big-endian', () => {
    const message = (plan: SegmentPlan) => ({ from: 'S', to: '+44770', plan, reference: 1, sequences: [1] });
    const ascii = planSegments('hi');
    const pdu = (plan: SegmentPlan, coding: 0 | 1 | 3) => submitSmPdu(message(plan), wireText(plan, coding), 1);
    assert.equal(pdu(ascii, 0).data_coding, 0);
    assert.equal(pdu(ascii, 1).data_coding, 1);
    assert.deepEqual(pdu(ascii, 3).short_message, Buffer.from('hi', 'latin1'));
    const ucs2 = pdu(planSegments('é'), 3);
    assert.equal(ucs2.data_coding, 8);
    assert.deepEqual(ucs2.short_message, Buffer.from([0x00, 0xe9]));
  });
});

describe('carriers file', () => {
  const write = (name: string, content: string) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'carriers-')), name);
    writeFileSync(file, content);
    return file;
  };
  it('YAML with defaults; costs exact; prefixes without "+"', () => {
    const plan = readCarriersFile(
      write(
        'carriers.yaml',
        [
          'carriers:',
          '  - { name: alpha, host: a.example, port: 2775, system_id: otp, password: pw }',
          'routes:',
          '  - { prefix: "+4477", carriers: [{ carrier: alpha, cost: "0.0042" }] }',
          '  - { carriers: [{ carrier: alpha }] }',
        ].join('\n'),
      ),
    );
    assert.deepEqual(plan.carriers[0], {
      name: 'alpha',
      host: 'a.example',
      port: 2775,
      systemId: 'otp',
      password: 'pw',
      systemType: '',
      binds: 1,
      bindType: 'transceiver',
      window: 10,
      tps: 100,
      dataCoding: 0,
      idFormats: { submit: 'opaque', receiptText: 'opaque' },
      enquireLinkMs: 30000,
      reconnectMs: 1000,
      submitTimeoutMs: 10000,
    });
    assert.deepEqual(plan.routes[0], {
      prefix: '4477',
      country: undefined,
      carriers: [{ carrier: 'alpha', costMicros: 4200 }],
    });
    assert.equal(plan.routes[1]?.carriers[0]?.costMicros, 0);
  });
  it('id formats and bind pairs; numbers and opaque text never mix', () => {
    const carrier = { name: 'a', host: 'h', port: 1, system_id: 's', password: 'p' };
    const routes = [{ carriers: [{ carrier: 'a' }] }];
    const plan = readCarriersFile(
      write(
        'carriers.json',
        JSON.stringify({
          carriers: [
            { ...carrier, id_format: 'hex', receipt_text_id_format: 'decimal', bind_type: 'transmitter_receiver' },
          ],
          routes,
        }),
      ),
    );
    assert.deepEqual(plan.carriers[0]?.idFormats, { submit: 'hex', receiptText: 'decimal' });
    assert.equal(plan.carriers[0]?.bindType, 'transmitter_receiver');
    const mixed = write(
      'mixed.json',
      JSON.stringify({ carriers: [{ ...carrier, id_format: 'hex', receipt_text_id_format: 'opaque' }], routes }),
    );
    assert.throws(() => readCarriersFile(mixed), /carriers\.0\.receipt_text_id_format: numbers/);
    const unknown = write('unknown.json', JSON.stringify({ carriers: [{ ...carrier, id_format: 'base64' }], routes }));
    assert.throws(() => readCarriersFile(unknown), /carriers\.0\.id_format: hex, decimal or opaque/);
  });
  it('a route naming an unknown carrier', () => {
    const file = write(
      'carriers.json',
      JSON.stringify({
        carriers: [{ name: 'a', host: 'h', port: 1, system_id: 's', password: 'p' }],
        routes: [{ carriers: [{ carrier: 'nobody', cost: '0.1' }] }],
      }),
    );
    assert.throws(() => readCarriersFile(file), /routes\.0\.carriers\.0\.carrier: no such carrier/);
  });
  it('names every bad field: prefix and country together, a bad data_coding', () => {
    const file = write(
      'carriers.json',
      JSON.stringify({
        carriers: [{ name: 'a', host: 'h', port: 1, system_id: 's', password: 'p', data_coding: 8 }],
        routes: [{ prefix: '44', country: 'GB', carriers: [{ carrier: 'nobody', cost: '0.1' }] }],
      }),
    );
    assert.throws(
      () => readCarriersFile(file),
      (error: Error) => {
        assert.match(error.message, /carriers\.0\.data_coding/);
        assert.match(error.message, /routes\.0: a route has a prefix or a country, not both/);
        return true;
      },
    );
  });
});
