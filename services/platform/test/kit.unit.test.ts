import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { z } from 'zod';
import { ConfigError, envBoolean, loadConfig } from '../src/config.js';
import { ERROR_CODES } from '../src/errors.js';
import { replicaAddresses } from '../src/grpc/replicas.js';
import { grpcStatusFor } from '../src/grpc/status.js';
import {
  CARRIER_NAME_PATTERN,
  newProjectId,
  newSid,
  parseDestinationPrefix,
  parseSid,
  PROJECT_ID_PATTERN,
  SENDER_ID_PATTERN,
  UUID_PATTERN,
} from '../src/ids.js';
import { formatCents, parseAmount } from '../src/money.js';
import { checkPhone, normalizePhone } from '../src/phone.js';

describe('money', () => {
  const formats: [number, string][] = [
    [0, '0.00'],
    [2, '0.02'],
    [100, '1.00'],
    [123456, '1234.56'],
    [-5, '-0.05'],
    [-120, '-1.20'],
  ];
  for (const [cents, text] of formats) it(`formats ${cents} as ${text}`, () => assert.equal(formatCents(cents), text));

  it('refuses fractions of a cent', () => assert.throws(() => formatCents(1.5), RangeError));

  const parses: [string, number | undefined][] = [
    ['5', 500],
    ['5.5', 550],
    ['5.50', 550],
    ['0.01', 1],
    ['0.10', 10],
    ['1234567.89', 123456789],
    ['-1.00', undefined],
    ['1.234', undefined],
    ['1e3', undefined],
    ['', undefined],
    ['abc', undefined],
  ];
  for (const [text, cents] of parses) it(`parses "${text}" as ${cents}`, () => assert.equal(parseAmount(text), cents));
});

describe('sids', () => {
  it('are a prefix and 24 lower-case hex characters, all different', () => {
    const sids = new Set(Array.from({ length: 1000 }, () => newSid('VE')));
    assert.equal(sids.size, 1000);
    for (const sid of sids) assert.match(sid, /^VE[a-f0-9]{24}$/);
  });

  it('parse either case to the canonical form and refuse the wrong prefix or length', () => {
    assert.equal(parseSid('SM', 'SMABCDEF0123456789abcdef01'), 'SMabcdef0123456789abcdef01');
    assert.equal(parseSid('SM', 'VEabcdef0123456789abcdef01'), undefined);
    assert.equal(parseSid('SM', 'SMabcdef0123456789abcdef0'), undefined);
    assert.equal(parseSid('SM', 'SMabcdef0123456789abcdef0g'), undefined);
  });
});

describe('path identifiers', () => {
  it('project ids are made in their own pattern, and nothing with a separator or dot matches', () => {
    for (let i = 0; i < 100; i += 1) assert.match(newProjectId(), PROJECT_ID_PATTERN);
    for (const id of ['prj_0123456789ABCDEF01234567', 'prj_0123456789abcdef0123456', '../prj_0123456789abcdef01234567'])
      assert.doesNotMatch(id, PROJECT_ID_PATTERN);
  });

  it('uuids, sender ids and carrier names refuse path separators and dot segments', () => {
    assert.match('8d2f1c4e-3b7a-4e9d-a1c0-5f6e7d8c9b0a', UUID_PATTERN);
    assert.match('MyShop', SENDER_ID_PATTERN);
    assert.match('beta-2', CARRIER_NAME_PATTERN);
    for (const hostile of ['..', '.', 'a/b', 'a\\b', 'a%2fb', '', 'x'.repeat(41)]) {
      assert.doesNotMatch(hostile, UUID_PATTERN);
      assert.doesNotMatch(hostile, SENDER_ID_PATTERN);
      assert.doesNotMatch(hostile, CARRIER_NAME_PATTERN);
    }
    assert.doesNotMatch('123', SENDER_ID_PATTERN, 'at least one letter');
  });

  it('destination prefixes are what operators type: digits after an optional +', () => {
    assert.equal(parseDestinationPrefix('+44771'), '44771');
    assert.equal(parseDestinationPrefix('44771'), '44771');
    assert.equal(parseDestinationPrefix('abc'), undefined);
    assert.equal(parseDestinationPrefix('+'), undefined);
    assert.equal(parseDestinationPrefix('+1234567890123456'), undefined);
  });
});

describe('phone numbers', () => {
  it('normalise international input to E.164 with the country', () => {
    assert.deepEqual(normalizePhone('+44 7700 123456'), { e164: '+447700123456', country: 'GB', callingCode: '44' });
    assert.deepEqual(normalizePhone(' +1 (415) 555-0190 '), { e164: '+14155550190', country: 'US', callingCode: '1' });
  });

  it('refuse national, invalid or absurd input', () => {
    for (const input of ['07700 123456', '+44', '+999 123', 'hello', '+4477001234567890123', '+1 000 000 0000']) {
      assert.equal(normalizePhone(input), undefined, input);
    }
  });

  it('say what is wrong with a refused number', () => {
    const reasons = {
      '07700 123456': /must start with \+/,
      '+447700900123': /^not a valid number for GB$/,
      '+1 000 000 0000': /^not a valid number for US$/,
      '+1415': /^too short for US$/,
      '+4477001234567890123': /^too long for GB$/,
      '+999 123': /unknown country calling code/,
    };
    for (const [input, reason] of Object.entries(reasons)) {
      const check = checkPhone(input);
      assert.ok(!check.ok && reason.test(check.reason), `${input}: ${JSON.stringify(check)}`);
    }
  });
});

describe('config', () => {
  const schema = z.object({ PORT: z.coerce.number().int(), DEBUG: envBoolean.default(false) });

  it('parses the environment', () => {
    assert.deepEqual(loadConfig(schema, { PORT: '8080', DEBUG: 'yes' }), { PORT: 8080, DEBUG: true });
  });

  it('names every bad variable', () => {
    assert.throws(
      () => loadConfig(schema, { PORT: 'eighty', DEBUG: 'maybe' }),
      (error: unknown) => error instanceof ConfigError && /PORT/.test(error.message) && /DEBUG/.test(error.message),
    );
  });
});

describe('domain codes over gRPC', () => {
  it('every code has a gRPC status', () => {
    for (const code of ERROR_CODES) assert.equal(typeof grpcStatusFor(code), 'number', code);
  });
});

describe('replica addresses', () => {
  it('a comma list names each of its entries; an IP address names itself', async () => {
    assert.deepEqual(await replicaAddresses('10.0.0.1:50052, 10.0.0.2:50052'), ['10.0.0.1:50052', '10.0.0.2:50052']);
    assert.deepEqual(await replicaAddresses('localhost:50052'), ['127.0.0.1:50052']);
    assert.deepEqual(await replicaAddresses('[::1]:50052'), ['[::1]:50052']);
  });
});
