import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { CarrierStatus } from '@otp/platform';
import { carrierFleet } from '../src/domain/carrier-fleet.js';

function carrier(name: string, changes: Partial<CarrierStatus> = {}): CarrierStatus {
  return {
    name,
    host: '10.1.0.5',
    port: 2775,
    health: 'ready',
    binds: [{ bound: true, window_in_use: 1, window: 10, tps: 50, throttles: 0 }],
    window_in_use: 1,
    throughput: 0.1,
    submitted: 10,
    accepted: 9,
    refused: 1,
    last_error: null,
    last_error_at: null,
    ...changes,
  };
}

describe('the carriers of the sms fleet', () => {
  it('keeps each bind with its replica, adds the counters up and shows the worst health', () => {
    const fleet = carrierFleet([
      { address: '10.0.0.1:50052', carriers: [carrier('alpha'), carrier('beta')] },
      {
        address: '10.0.0.2:50052',
        carriers: [
          carrier('alpha', {
            health: 'down',
            binds: [{ bound: false, window_in_use: 0, window: 10, tps: 50, throttles: 0 }],
            window_in_use: 0,
            throughput: 0.2,
            last_error: 'bind refused',
            last_error_at: '2026-11-24T09:00:00.000Z',
          }),
          carrier('beta', { health: 'throttled', last_error: 'older', last_error_at: '2026-11-24T08:00:00.000Z' }),
        ],
      },
    ]);
    assert.deepEqual(
      fleet.carriers.map((c) => [c.name, c.health]),
      [
        ['alpha', 'down'],
        ['beta', 'throttled'],
      ],
    );
    const alpha = fleet.carriers[0]!;
    assert.deepEqual(
      alpha.binds.map((b) => [b.replica, b.bound]),
      [
        ['10.0.0.1:50052', true],
        ['10.0.0.2:50052', false],
      ],
    );
    assert.deepEqual(
      [alpha.window_in_use, alpha.throughput, alpha.submitted, alpha.accepted, alpha.refused],
      [1, 0.3, 20, 18, 2],
    );
    assert.deepEqual([alpha.last_error, alpha.last_error_at], ['bind refused', '2026-11-24T09:00:00.000Z']);
    assert.deepEqual(fleet.replicas, [
      { address: '10.0.0.1:50052', answered: true, error: null },
      { address: '10.0.0.2:50052', answered: true, error: null },
    ]);
  });

  it('lists a replica that did not answer with its error, and shows what the others hold', () => {
    const fleet = carrierFleet([
      { address: '10.0.0.1:50052', error: 'sms is unavailable' },
      { address: '10.0.0.2:50052', carriers: [carrier('alpha')] },
    ]);
    assert.deepEqual(fleet.replicas, [
      { address: '10.0.0.1:50052', answered: false, error: 'sms is unavailable' },
      { address: '10.0.0.2:50052', answered: true, error: null },
    ]);
    assert.deepEqual(
      fleet.carriers.map((c) => [c.name, c.binds.length, c.submitted]),
      [['alpha', 1, 10]],
    );
  });
});
