// The monitoring pack against a real Prometheus (the `prometheus` binary of Debian's package,
// which scripts/test-prerequisites.mjs installs): every service of the platform serves its metrics
// port, Prometheus scrapes them as the chart's PodMonitor would (the series labelled with their
// namespace) and evaluates the chart's alert rules; after some traffic, every metric the Grafana
// dashboard (charts/otp/files/grafana-dashboard.json) and the rules name has a series, every
// dashboard query runs, and every rule evaluates without error.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { freePort, REPO_ROOT, START_ORDER, type ServiceName } from '@otp/platform/launcher';
import {
  eventually,
  metricNames,
  renderedAlertGroups,
  startTestPlatform,
  type AlertRule,
  type TestPlatform,
} from '@otp/test/infra';
import { stringify } from 'yaml';

const NAMESPACE = 'otp';
const DASHBOARD = path.join(REPO_ROOT, 'charts', 'otp', 'files', 'grafana-dashboard.json');

interface Dashboard {
  panels: { title: string; targets?: { expr: string }[] }[];
  templating: { list: { name: string; definition?: string }[] };
}

let platform: TestPlatform;
let prometheus: ChildProcess | undefined;
let prometheusUrl: string;
let receiver: Server;
let dir: string;
let rules: AlertRule[];
const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;

/** The dashboard's queries with Grafana's variables as Grafana would fill them for this release. */
const queries = dashboard.panels.flatMap((panel) =>
  (panel.targets ?? []).map((target) => ({
    panel: panel.title,
    expr: target.expr.replaceAll('$namespace', NAMESPACE).replaceAll('$__rate_interval', '30s'),
  })),
);

async function query(expr: string): Promise<{ status: string; error?: string; data?: { result: unknown[] } }> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
  return (await response.json()) as { status: string; error?: string; data?: { result: unknown[] } };
}

async function startPrometheus(targets: Map<ServiceName, number>): Promise<void> {
  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  writeFileSync(path.join(dir, 'rules.yaml'), stringify({ groups: [{ name: 'otp', interval: '1s', rules }] }));
  writeFileSync(
    path.join(dir, 'prometheus.yml'),
    stringify({
      global: { scrape_interval: '1s', evaluation_interval: '1s' },
      rule_files: [path.join(dir, 'rules.yaml')],
      scrape_configs: [
        {
          job_name: 'otp',
          static_configs: [...targets.values()].map((metricsPort) => ({
            targets: [`127.0.0.1:${metricsPort}`],
            // What the PodMonitor's scrape adds: the pod's namespace.
            labels: { namespace: NAMESPACE },
          })),
        },
      ],
    }),
  );
  prometheus = spawn(
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const errors: string[] = [];
  prometheus.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  await eventually(
    () =>
      fetch(`${prometheusUrl}/-/ready`).then(
        (response) => response.status,
        () => 0,
      ),
    (status) => status === 200,
    { timeoutMs: 20000, what: `Prometheus ready (${errors.join('').slice(-500)})` },
  );
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'otp-prometheus-'));
  rules = (await renderedAlertGroups(NAMESPACE)).flatMap((group) => group.rules);
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const callback = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;

  const targets = new Map<ServiceName, number>();
  for (const name of START_ORDER.filter((part) => part !== 'sandbox')) targets.set(name, await freePort());
  platform = await startTestPlatform({
    env: Object.fromEntries([...targets].map(([name, port]) => [name, { METRICS_PORT: String(port) }])),
  });
  await startPrometheus(targets);

  // Traffic through every path the dashboard and the rules watch.
  const project = await platform.newProject({ credit: '20.00' });
  await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Scraped', site: 'example.com' });
  await platform.admin.post(`/projects/${project.id}/sender-ids/Scraped/approve`);
  await platform.admin.patch(`/projects/${project.id}/settings/sms`, { default_sender_id: 'Scraped' });
  const sms = await project.api.post('/messages/sms', { to: '+447700123461', body: 'scraped', callback });
  assert.equal(sms.status, 201, sms.text);
  const code = await project.api.post('/messages/messenger', { to: '+447700123462', callback });
  assert.equal(code.status, 201, code.text);
  const started = await project.api.post('/verifications', { to: '+447700123463' });
  assert.equal(started.status, 201, started.text);
  // One pending verification per number (the default): guard refuses the second.
  const refused = await project.api.post('/verifications', { to: '+447700123463' });
  assert.equal(refused.status, 429, refused.text);
  await project.api.get('/no-such-route');

  // Until the channels' outcomes, the webhooks' attempts and the refusal are all scraped.
  await eventually(
    () =>
      query(
        'count({__name__=~"outbox_events_published_total|webhook_delivery_attempts_total|guard_refused_starts_total|messenger_provider_call_duration_seconds_count"}) by (__name__)',
      ),
    (answer) => (answer.data?.result.length ?? 0) === 4,
    { timeoutMs: 30000, what: 'the traffic’s metrics in Prometheus' },
  );
  // Rates over [30s] need two samples, and the rules a few evaluations.
  await new Promise((resolve) => setTimeout(resolve, 3000));
});

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
    prometheus.kill('SIGTERM');
    await exited;
  }
  await platform?.stop();
  receiver?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the monitoring pack against a real Prometheus scraping the platform', () => {
  it('every metric the dashboard and the alert rules name has a series', async () => {
    const named = new Set([
      ...queries.flatMap((target) => metricNames(target.expr)),
      ...dashboard.templating.list.flatMap(
        (variable) => /label_values\((\w+)/.exec(variable.definition ?? '')?.[1] ?? [],
      ),
      ...rules.flatMap((rule) => metricNames(rule.expr)),
    ]);
    assert.ok(named.size > 20, `the dashboard and rules name ${named.size} metrics`);
    const missing: string[] = [];
    for (const name of named) {
      const answer = await query(`count({__name__="${name}"})`);
      if ((answer.data?.result.length ?? 0) === 0) missing.push(name);
    }
    assert.deepEqual(missing, [], 'metrics with no series after the traffic');
  });

  it('every dashboard query runs, and those of the API, services, SMS carriers and runtime rows show data', async () => {
    const failed: string[] = [];
    const empty: string[] = [];
    for (const { panel, expr } of queries) {
      const answer = await query(expr);
      if (answer.status !== 'success') failed.push(`${panel}: ${answer.error ?? answer.status}`);
      else if ((answer.data?.result.length ?? 0) === 0) empty.push(panel);
    }
    assert.deepEqual(failed, []);
    for (const panel of [
      'Requests by status',
      'gRPC calls by method and status',
      'Postgres statements by service',
      'Binds by carrier',
      'Submits by carrier and status',
      'Heap used',
    ]) {
      assert.ok(!empty.includes(panel), `${panel} shows data`);
    }
  });

  it('every alert rule evaluates without error on the scraped series', async () => {
    const answer = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as {
      data: { groups: { rules: { name: string; health: string; lastError?: string }[] }[] };
    };
    const evaluated = answer.data.groups.flatMap((group) => group.rules);
    assert.equal(evaluated.length, rules.length);
    // Joined: the parsed answer's arrays come from another realm than the test's.
    const unhealthy = evaluated.filter((rule) => rule.health !== 'ok');
    assert.equal(unhealthy.map((rule) => `${rule.name}: ${rule.health} ${rule.lastError ?? ''}`).join('\n'), '');
  });
});
