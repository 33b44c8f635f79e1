// The chart's alerts (monitoring.enabled) as Prometheus evaluates them: the PrometheusRule rendered
// by helm, checked and unit-tested by promtool (Debian's `prometheus` package, which
// scripts/test-prerequisites.mjs installs) against test/monitoring/alerts.promtool.yaml, whose
// cases make each alert fire on its trouble and stay quiet below it. Annotations are left out of
// the promtool run (promtool compares them whole); here every alert's runbook_url must name a
// section of docs/observability.md.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { REPO_ROOT } from '@otp/platform/launcher';
import { renderedAlertGroups, type AlertRule } from '@otp/test/infra';
import { parse, stringify } from 'yaml';

const run = promisify(execFile);
const TESTS = path.join(REPO_ROOT, 'test', 'monitoring', 'alerts.promtool.yaml');
const RUNBOOKS = path.join(REPO_ROOT, 'docs', 'observability.md');

let groups: { name: string; rules: AlertRule[] }[];
let dir: string;
const alerts = () => groups.flatMap((group) => group.rules);

beforeAll(async () => {
  groups = await renderedAlertGroups('otp');
  dir = mkdtempSync(path.join(tmpdir(), 'otp-alerts-'));
  const withoutAnnotations = groups.map((group) => ({
    ...group,
    rules: group.rules.map(({ annotations: _annotations, ...rule }) => rule),
  }));
  writeFileSync(path.join(dir, 'rules.yaml'), stringify({ groups: withoutAnnotations }));
  writeFileSync(path.join(dir, 'rules-annotated.yaml'), stringify({ groups }));
  copyFileSync(TESTS, path.join(dir, 'alerts.promtool.yaml'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the chart’s alert rules', () => {
  it('are valid rules, annotation templates included (promtool check rules)', async () => {
    const { stdout } = await run('promtool', ['check', 'rules', path.join(dir, 'rules-annotated.yaml')]);
    assert.match(stdout, new RegExp(`SUCCESS: ${alerts().length} rules found`));
  });

  it('fire on the trouble they name and stay quiet below it (promtool test rules)', async () => {
    const result = await run('promtool', ['test', 'rules', 'alerts.promtool.yaml'], { cwd: dir }).catch(
      (error: Error & { stdout?: string; stderr?: string }) => {
        throw new Error(`promtool test rules failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      },
    );
    assert.match(result.stdout, /SUCCESS/);
  });

  it('each has a case that makes it fire', () => {
    const cases = parse(readFileSync(TESTS, 'utf8')) as {
      tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[];
    };
    const fired = new Set(
      cases.tests.flatMap((test) =>
        (test.alert_rule_test ?? []).filter((check) => check.exp_alerts.length > 0).map((check) => check.alertname),
      ),
    );
    assert.deepEqual(
      alerts()
        .map((rule) => rule.alert)
        .filter((name) => !fired.has(name)),
      [],
    );
  });

  it('each has a severity, a summary and a runbook: a section of docs/observability.md', () => {
    const page = readFileSync(RUNBOOKS, 'utf8');
    const anchors = new Set(
      [...page.matchAll(/^#{2,4} (.+)$/gm)].map((match) =>
        match[1]!
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    for (const rule of alerts()) {
      assert.match(rule.labels?.severity ?? '', /^(critical|warning)$/, `${rule.alert}: severity`);
      assert.ok(rule.annotations?.summary, `${rule.alert}: summary`);
      const url = rule.annotations?.runbook_url ?? '';
      assert.ok(url.startsWith('https://'), `${rule.alert}: runbook_url`);
      const anchor = url.split('#')[1] ?? '';
      assert.equal(anchor, rule.alert.toLowerCase(), `${rule.alert}: its runbook is its own section`);
      assert.ok(anchors.has(anchor), `${rule.alert}: docs/observability.md has a section ${rule.alert}`);
    }
  });

  it('select this release’s namespace only', () => {
    for (const rule of alerts()) {
      const selectors = [...rule.expr.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*\{([^}]*)\}/g)].map((match) => match[1]!);
      assert.ok(selectors.length > 0, `${rule.alert}: selects series`);
      for (const matchers of selectors) assert.ok(matchers.includes('namespace="otp"'), `${rule.alert}: ${matchers}`);
    }
  });
});
