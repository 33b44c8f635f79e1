import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { KeptVerifications } from '../src/store/kept-verifications.js';
import type { VerificationRecord } from '../src/store/verifications.js';

// Which copies a verify process keeps for checks to decide on (the store proves each one current
// by its write: verification-store.int.test.ts; the bound: platform's kept-copies test).

const record = (sid: string, status = 'pending', version = '1'): VerificationRecord =>
  ({ sid, status, version }) as VerificationRecord;

describe('kept verifications', () => {
  it('keeps the last copy written of a pending verification', () => {
    const kept = new KeptVerifications(10);
    const first = record('VE1');
    const second = record('VE1', 'pending', '2');
    kept.written(first);
    kept.written(second);
    assert.equal(kept.of('VE1'), second);
    assert.ok(kept.isKept(second));
    assert.ok(!kept.isKept(first), 'an older copy is not the kept one');
    assert.ok(!kept.isKept(record('VE1', 'pending', '2')), 'nor is a read of the same version');
  });

  it('drops a verification once it is written in a final state', () => {
    const kept = new KeptVerifications(10);
    kept.written(record('VE1'));
    kept.written(record('VE1', 'approved', '2'));
    assert.equal(kept.of('VE1'), undefined);
    assert.equal(kept.size, 0);
  });

  it('keeps nothing with a limit of 0, and forgets a dropped copy', () => {
    const none = new KeptVerifications(0);
    none.written(record('VE1'));
    assert.equal(none.of('VE1'), undefined);
    const kept = new KeptVerifications(5);
    kept.written(record('VE1'));
    kept.drop('VE1');
    assert.equal(kept.of('VE1'), undefined);
  });
});
