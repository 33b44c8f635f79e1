import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { AdmissionGate } from '../src/grpc/admission.js';

describe('AdmissionGate', () => {
  it('admits up to maxInFlight at once, then queues in arrival order', async () => {
    const gate = new AdmissionGate({ maxInFlight: 2, queueMs: 1000 });
    const a = await gate.enter();
    const b = await gate.enter();
    assert.ok(a && b);
    const order: string[] = [];
    const c = gate.enter().then((release) => (order.push('c'), release));
    const d = gate.enter().then((release) => (order.push('d'), release));
    assert.equal(gate.waiting, 2);
    a();
    b();
    const [releaseC, releaseD] = await Promise.all([c, d]);
    assert.deepEqual(order, ['c', 'd']);
    assert.equal(gate.running, 2);
    releaseC?.();
    releaseD?.();
    assert.equal(gate.running, 0);
  });

  it('refuses a call that waited queueMs without a slot', async () => {
    const gate = new AdmissionGate({ maxInFlight: 1, queueMs: 20 });
    const held = await gate.enter();
    assert.equal(await gate.enter(), undefined);
    assert.equal(gate.waiting, 0, 'a refused call leaves the queue');
    held?.();
  });

  it("never waits past the caller's deadline, and refuses at once when it has passed", async () => {
    const gate = new AdmissionGate({ maxInFlight: 1, queueMs: 60000 });
    const held = await gate.enter();
    const began = Date.now();
    assert.equal(await gate.enter(Date.now() + 30), undefined);
    assert.ok(Date.now() - began < 1000);
    assert.equal(await gate.enter(Date.now() - 1), undefined);
    held?.();
  });

  it('a waiter whose signal aborts leaves the queue and is never admitted', async () => {
    const gate = new AdmissionGate({ maxInFlight: 1, queueMs: 60000 });
    const held = await gate.enter();
    const hangUp = new AbortController();
    const gaveUp = gate.enter(undefined, hangUp.signal);
    const patient = gate.enter();
    hangUp.abort();
    assert.equal(await gaveUp, undefined);
    assert.equal(gate.waiting, 1);
    held?.();
    const next = await patient;
    assert.ok(next, 'the freed slot went to the waiter still there');
    assert.equal(gate.running, 1);
    next();
  });

  it('a release called twice frees one slot only', async () => {
    const gate = new AdmissionGate({ maxInFlight: 1, queueMs: 0 });
    const release = await gate.enter();
    release?.();
    release?.();
    assert.equal(gate.running, 0);
    const again = await gate.enter();
    assert.ok(again);
    assert.equal(await gate.enter(), undefined, 'the second release did not make room for two');
  });

  it('tryEnter admits at once while a place is free and nobody waits, and never jumps the queue', async () => {
    const gate = new AdmissionGate({ maxInFlight: 1, queueMs: 1000 });
    const first = gate.tryEnter();
    assert.ok(first);
    assert.equal(gate.tryEnter(), undefined, 'full');
    const waiting = gate.enter();
    first();
    // The freed place went to the waiter, not to a later caller.
    assert.equal(gate.tryEnter(), undefined);
    const admitted = await waiting;
    assert.ok(admitted);
    admitted();
    const again = gate.tryEnter();
    assert.ok(again);
    again();
    assert.equal(gate.running, 0);
  });
});
