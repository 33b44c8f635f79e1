import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { freePort } from '@otp/platform/launcher';
import type { ErrorBody } from '@otp/test/infra';
import { VerifyWorld } from './verify-world.js';

// What a start asks other services before it holds money. On the messenger channel (the default,
// with SMS fallback) the start must prove an approved sender exists and the destination is priced;
// the sender is the SMS service's answer, kept a second per project, and the price comes from
// Billing's rate card as verify keeps it. So a stream of starts asks the SMS service about once a
// second, not once a start, and Billing's Quote not at all. End to end: gateway, verify, sms,
// messenger, billing, sandbox; real Postgres and NATS; the SMS service's calls read off its metrics.

let world: VerifyWorld;
let smsMetricsPort: number;

beforeAll(async () => {
  smsMetricsPort = await freePort();
  world = await VerifyWorld.start({}, { METRICS_PORT: String(smsMetricsPort) });
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

/** Sms.Quote calls the SMS service has served so far (its rpc_server_call_duration_seconds count). */
async function smsQuotes(): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${smsMetricsPort}/metrics`)).text();
  let count = 0;
  for (const line of text.split('\n')) {
    if (
      line.startsWith('rpc_server_call_duration_seconds_count{') &&
      line.includes('rpc_method="otp.sms.v1.Sms/Quote"')
    ) {
      count += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return count;
}

describe('the prices and sender of a messenger start', () => {
  it('starts ask the SMS service for their sender about once a second, and are still refused for an unpriced destination', async () => {
    const project = await world.project();
    const before = await smsQuotes();
    const began = Date.now();
    const starts = 10;
    for (let i = 0; i < starts; i += 1) {
      const started = await world.start(project, world.number('12'));
      assert.equal(started.attempts[0]?.channel, 'messenger');
    }
    const seconds = Math.ceil((Date.now() - began) / 1000);
    const asked = (await smsQuotes()) - before;
    assert.ok(asked >= 1, 'the first start asks the SMS service');
    assert.ok(
      asked <= seconds + 1 && asked < starts,
      `${asked} Sms.Quote calls for ${starts} starts in ${seconds} s: at most one a second`,
    );

    // With the sender kept, the destination's price still decides: no rate, no start, no money.
    const balance = await world.balanceCents(project);
    const japan = await project.api.post<ErrorBody>('/verifications', { to: '+819012345678' });
    assert.equal(japan.status, 422, japan.text);
    assert.equal(japan.body.error.code, 'DESTINATION_NOT_PRICED');
    assert.equal(await world.balanceCents(project), balance);
  });
});
