import autocannon from 'autocannon';
import { startTestPlatform, type TestPlatform } from '@otp/test/infra';
import { BENCH_CONNECTIONS, BENCH_SECONDS, describe, type LoadFigures } from './load.js';
import { floor } from './sms.js';

// Verify scenarios: POST /v1/verifications (gateway, Verify.Start: settings, sender ID, quote,
// hold and fee capture, Messenger.Send through the sandbox provider, the insert) and
// POST /v1/verifications/{sid}/check (the held-row decision, HMAC in constant time, the update),
// both against the same floor as the SMS bench: one Postgres insert and one JetStream publish.

// Sandbox numbers ending in anything but 90-97 are delivered on the messenger: no fallbacks.
const DELIVERED_ENDINGS = ['10', '11', '12', '13', '14', '15'];
// Wrong codes each verification can take before it fails; the check run stays below it.
const WRONG_CODES = 10;

function figures(name: string, result: Awaited<ReturnType<typeof autocannon>>): LoadFigures {
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function benchProject(platform: TestPlatform) {
  const project = await platform.newProject({ credit: '100000.00' });
  await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Bench', site: 'bench.example.com' });
  await platform.admin.post(`/projects/${project.id}/sender-ids/Bench/approve`);
  await platform.admin.patch(`/projects/${project.id}/settings/sms`, { default_sender_id: 'Bench' });
  await platform.admin.patch(`/projects/${project.id}/settings/verify`, { max_wrong_codes: WRONG_CODES });
  return project;
}

async function verifyPaths(): Promise<{ start: LoadFigures; check: LoadFigures }> {
  const platform = await startTestPlatform({ only: ['sandbox', 'billing', 'sms', 'messenger', 'verify', 'gateway'] });
  try {
    const project = await benchProject(platform);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${project.key}` };
    const sids: string[] = [];
    let sent = 0;
    const start = await autocannon({
      url: `${platform.publicUrl}/v1/verifications`,
      connections: BENCH_CONNECTIONS,
      duration: BENCH_SECONDS,
      requests: [
        {
          method: 'POST',
          headers,
          setupRequest: (request) => {
            sent += 1;
            const to = `+447700${String(sent % 10000).padStart(4, '0')}${DELIVERED_ENDINGS[sent % DELIVERED_ENDINGS.length]}`;
            return { ...request, body: JSON.stringify({ to }) };
          },
          onResponse: (status, body) => {
            if (status === 201) sids.push((JSON.parse(body) as { sid: string }).sid);
          },
        },
      ],
    });
    if (sids.length === 0) throw new Error('no verification started; the check scenario needs some');

    // Every check is a wrong code (200, valid false): the common, full-work path. Spread over the
    // started verifications so none of them runs out of checks during the run.
    let next = 0;
    const check = await autocannon({
      url: `${platform.publicUrl}/v1/verifications`,
      connections: BENCH_CONNECTIONS,
      duration: BENCH_SECONDS,
      amount: sids.length * (WRONG_CODES - 1),
      requests: [
        {
          method: 'POST',
          headers,
          body: JSON.stringify({ code: '00000000' }),
          setupRequest: (request) => ({ ...request, path: `/v1/verifications/${sids[next++ % sids.length]}/check` }),
        },
      ],
    });
    return {
      start: figures('POST /v1/verifications', start),
      check: figures('POST /v1/verifications/{sid}/check', check),
    };
  } finally {
    await platform.stop();
  }
}

export async function verifyBenchmark(databaseUrl: string): Promise<void> {
  const { start, check } = await verifyPaths();
  console.log(describe(start));
  console.log(describe(check));
  const bare = await floor(databaseUrl);
  console.log(describe(bare));
  console.log(
    `ratio (start / floor): ${(start.requestsPerSecond / bare.requestsPerSecond).toFixed(2)} of the floor's throughput`,
  );
  console.log(
    `ratio (check / floor): ${(check.requestsPerSecond / bare.requestsPerSecond).toFixed(2)} of the floor's throughput`,
  );
}
