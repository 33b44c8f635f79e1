import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { freePort } from '@otp/platform/launcher';
import { startTestPlatform, type TestPlatform, type TestProject } from '@otp/test/infra';

// The gateway's HTTP duration metric as an SRE scrapes it (docs/observability.md "Observability"): every answered
// request, public and admin, counted by route template, method and status. Real gateway and
// billing processes, real Postgres.

let platform: TestPlatform;
let project: TestProject;
let metricsPort: number;

/** The count of `http_server_request_duration_seconds` for one label set (0 when absent). */
async function served(labels: { route: string; method: string; status: number }): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  for (const line of text.split('\n')) {
    if (!line.startsWith('http_server_request_duration_seconds_count{')) continue;
    if (
      line.includes(`http_route="${labels.route}"`) &&
      line.includes(`http_request_method="${labels.method}"`) &&
      line.includes(`http_response_status_code="${labels.status}"`)
    )
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('the gateway HTTP request metric', () => {
  beforeAll(async () => {
    metricsPort = await freePort();
    platform = await startTestPlatform({
      only: ['billing', 'gateway'],
      env: { gateway: { METRICS_PORT: String(metricsPort) } },
    });
    project = await platform.newProject({ name: 'metrics' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('counts each answered request under its route template, never its raw path', async () => {
    const before = await served({ route: '/admin/v1/projects/:id', method: 'GET', status: 200 });
    for (let i = 0; i < 3; i++) assert.equal((await platform.admin.get(`/projects/${project.id}`)).status, 200);
    assert.equal((await project.api.get('/project')).status, 200);

    assert.equal(await served({ route: '/admin/v1/projects/:id', method: 'GET', status: 200 }), before + 3);
    assert.equal(await served({ route: '/v1/project', method: 'GET', status: 200 }), 1);
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    assert.ok(!text.includes(project.id), 'a project id (a raw path) appeared as a label');
  });

  it('counts refusals with their status, and requests no route answered as one series', async () => {
    const response = await fetch(`${platform.publicUrl}/v1/project`, { headers: { authorization: 'Bearer nope' } });
    assert.equal(response.status, 401);
    for (const path of ['/v1/no-such-thing', '/v1/no-such-thing/VE0123']) {
      assert.equal(
        (await fetch(`${platform.publicUrl}${path}`, { headers: { authorization: `Bearer ${project.key}` } })).status,
        404,
      );
    }
    // Authentication answers before any route matched: no route template to label it with.
    assert.equal(await served({ route: '(unmatched)', method: 'GET', status: 401 }), 1);
    assert.equal(await served({ route: '(unmatched)', method: 'GET', status: 404 }), 2);
  });
});
