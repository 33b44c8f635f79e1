import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { ledgerCsv, spendByDay } from '../web/src/ledger-rules.js';
import { MESSENGER_FIELDS, readField, VERIFY_FIELDS, verifyProblems } from '../web/src/pages/settings-fields.js';
import type { LedgerEntry } from '../web/src/types.js';

// The web app's pure rules: the settings form's ranges (the spec's table) and the ledger export.

const field = (fields: typeof VERIFY_FIELDS, name: string) => fields.find((f) => f.name === name)!;

describe('settings form ranges', () => {
  it('refuses verify values outside the spec ranges and names the field', () => {
    assert.deepEqual(readField(field(VERIFY_FIELDS, 'code_length'), '9'), {
      problem: 'Code length: a whole number from 4 to 8',
    });
    assert.deepEqual(readField(field(VERIFY_FIELDS, 'code_length'), '4'), { value: 4 });
    assert.ok('problem' in readField(field(VERIFY_FIELDS, 'expiry_minutes'), '61'));
    assert.ok('problem' in readField(field(VERIFY_FIELDS, 'max_wrong_codes'), '0'));
    assert.ok('problem' in readField(field(VERIFY_FIELDS, 'fallback_wait_seconds'), '9'));
    assert.ok('problem' in readField(field(MESSENGER_FIELDS, 'ttl_seconds'), '3601'));
  });

  it('the SMS text must include {code} and stay within 320 characters', () => {
    const text = field(VERIFY_FIELDS, 'sms_text');
    assert.ok('problem' in readField(text, 'Your code'));
    assert.ok('problem' in readField(text, `{code}${'x'.repeat(320)}`));
    assert.deepEqual(readField(text, 'Code: {code}'), { value: 'Code: {code}' });
  });

  it('the fallback wait must be shorter than the expiry', () => {
    assert.deepEqual(verifyProblems({ fallback_wait_seconds: 600, expiry_minutes: 10 }), [
      'Fallback wait: must be shorter than the expiry',
    ]);
    assert.deepEqual(verifyProblems({ fallback_wait_seconds: 599, expiry_minutes: 10 }), []);
  });

  it('an empty callback URL clears it; a non-http one is refused', () => {
    const url = field(VERIFY_FIELDS, 'callback_url');
    assert.deepEqual(readField(url, ''), { value: null });
    assert.ok('problem' in readField(url, 'ftp://example.com'));
  });
});

describe('ledger rules', () => {
  const entry = (kind: LedgerEntry['kind'], amount: string, created_at: string, description = ''): LedgerEntry => ({
    id: `${kind}${amount}`,
    kind,
    amount,
    balance: '1.00',
    reference: 'VE1',
    description,
    created_at,
  });

  it('exports CSV with quoted cells and neutralised formulas', () => {
    const csv = ledgerCsv([entry('charge', '-0.02', '2026-11-23T10:00:00Z', '=HYPERLINK("x")')]);
    const [header, row] = csv.trim().split('\r\n');
    assert.equal(header, 'created_at,kind,amount,balance,reference,description');
    assert.equal(row, `"2026-11-23T10:00:00Z","charge","-0.02","1.00","VE1","'=HYPERLINK(""x"")"`);
  });

  it('neutralises every formula start (OWASP) but keeps plain numbers, negative ones included', () => {
    const cells = (description: string) =>
      ledgerCsv([entry('charge', '-0.02', '2026-11-23T10:00:00Z', description)])
        .trim()
        .split('\r\n')[1]!;
    for (const formula of ['=1+1', '+1+1', '-1+1', "-2+3+cmd|' /C calc'!A0", '@SUM(A1)', '\t=1', '\r=1', '-']) {
      const description = cells(formula).split('","').at(-1)!;
      assert.equal(description, `'${formula.replace(/"/g, '""')}"`, JSON.stringify(formula));
    }
    // Amounts and balances are plain numbers: unchanged, so the sheet can add them up.
    assert.match(cells('lunch'), /"charge","-0\.02","1\.00","VE1","lunch"$/);
    assert.match(cells('-12.5'), /"-12\.5"$/);
  });

  it('spend per day counts charges less refunds, never credits', () => {
    const spend = spendByDay([
      entry('credit', '5.00', '2026-11-23T09:00:00Z'),
      entry('charge', '-0.04', '2026-11-23T10:00:00Z'),
      entry('refund', '0.02', '2026-11-23T11:00:00Z'),
      entry('charge', '-0.02', '2026-11-22T10:00:00Z'),
    ]);
    assert.equal(spend.get('2026-11-23')?.toFixed(2), '0.02');
    assert.equal(spend.get('2026-11-22')?.toFixed(2), '0.02');
  });
});
