import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { createLogger } from '../src/logging.js';
import { PeriodicTask } from '../src/periodic-task.js';

const logger = createLogger('periodic-task-test', 'silent');

describe('PeriodicTask', () => {
  it('with passNow, the first pass runs at once, not after an interval; stop waits for a running pass', async () => {
    let passes = 0;
    let release: () => void = () => undefined;
    const task = new PeriodicTask({
      name: 'test',
      intervalMs: 60_000,
      logger,
      pass: () =>
        new Promise<void>((resolve) => {
          passes += 1;
          release = resolve;
        }),
    });
    task.start({ passNow: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(passes, 1, 'ran without waiting the 60 s interval');
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(stopped, false, 'stop waits for the pass in progress');
    release();
    await stopping;
    assert.equal(passes, 1, 'no pass after stop');
  });

  it('without it, nothing runs before the first interval', async () => {
    let passes = 0;
    const task = new PeriodicTask({ name: 'test', intervalMs: 60_000, logger, pass: async () => void (passes += 1) });
    task.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(passes, 0);
    await task.stop();
  });
});
