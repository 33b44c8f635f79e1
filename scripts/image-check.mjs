// The Node half of scripts/image-check.sh: what the Helm chart gives each container, and whether
// each one answers its readiness probe.
//
//   node scripts/image-check.mjs plan <rendered chart.yaml> <out dir>
//     Writes <out>/migrate.env and migrate.args (the migration Job), <out>/parts/<component>.env
//     (each Deployment's variables: its env over its ConfigMap, Secrets decoded), <out>/parts/
//     <component>.mounts (podman -v arguments for its Secret volumes, such as its gRPC certificate,
//     written under <out>/mounts), <out>/nats-auth.conf (the NATS users the chart renders, which
//     the check's nats-server loads) and <out>/probes.json. The containers share the host's network, so every container port moves to
//     a free loopback port and the Service names in addresses become 127.0.0.1 with those ports.
//   node scripts/image-check.mjs probe <probes.json> <seconds>
//     Asks every readiness probe (HTTP 200, grpc.health.v1 SERVING, TCP accept) until all pass.
import { Buffer } from 'node:buffer';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'package.json'));

// Below Linux's ephemeral range, as the launcher picks them: no outgoing connection takes one
// between the pick and the container's bind.
const PORT_RANGE = { from: 20000, to: 32000 };
const picked = new Set();

function bindable(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePort() {
  for (;;) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (picked.has(port)) continue;
    picked.add(port);
    if (await bindable(port)) return port;
  }
}

async function plan(renderedFile, outDir) {
  const { parseAllDocuments } = require('yaml');
  const objects = parseAllDocuments(readFileSync(renderedFile, 'utf8'))
    .map((doc) => doc.toJS())
    .filter(Boolean);
  const ofKind = (kind) => objects.filter((object) => object.kind === kind);
  const secrets = new Map(
    ofKind('Secret').map((secret) => [
      secret.metadata.name,
      Object.fromEntries(
        Object.entries(secret.data ?? {}).map(([key, value]) => [key, Buffer.from(value, 'base64').toString('utf8')]),
      ),
    ]),
  );
  const configMaps = new Map(ofKind('ConfigMap').map((map) => [map.metadata.name, map.data ?? {}]));

  // component -> port name -> the loopback port its container listens on here.
  const hostPorts = new Map();
  const deployments = ofKind('Deployment');
  for (const deployment of deployments) {
    const component = deployment.metadata.labels['app.kubernetes.io/component'];
    const ports = new Map();
    for (const port of deployment.spec.template.spec.containers[0].ports ?? []) {
      ports.set(port.name, { container: port.containerPort, host: await freePort() });
    }
    hostPorts.set(component, ports);
  }
  const portOf = (component, nameOrNumber) => {
    for (const [name, port] of hostPorts.get(component) ?? []) {
      if (name === nameOrNumber || port.container === nameOrNumber) return port.host;
    }
    throw new Error(`no port ${nameOrNumber} on component ${component}`);
  };
  // Service name -> its component and Service port -> container port name.
  const services = new Map(
    ofKind('Service').map((service) => [
      service.metadata.name,
      {
        component: service.spec.selector['app.kubernetes.io/component'],
        targets: new Map(service.spec.ports.map((port) => [port.port, port.targetPort])),
      },
    ]),
  );
  const serviceAddress = (name, port) => {
    const service = services.get(name);
    const target = service?.targets.get(Number(port));
    return service && target !== undefined ? `127.0.0.1:${portOf(service.component, target)}` : undefined;
  };
  // "<service>:<port>" anywhere in a value (gRPC peers, URLs) becomes its loopback address here.
  const rewrite = (value) =>
    value.replace(/([a-z0-9][a-z0-9.-]*):(\d+)/g, (whole, host, port) => serviceAddress(host, port) ?? whole);

  // One value as seen from the host's network: a Service's address becomes its loopback one, and
  // "listen everywhere" becomes loopback only (never every interface of the CI machine).
  const local = (value) => (value === '0.0.0.0' ? '127.0.0.1' : rewrite(value));

  const variablesOf = (container, component) => {
    const variables = {};
    for (const source of container.envFrom ?? []) {
      const data = configMaps.get(source.configMapRef?.name);
      if (!data) throw new Error(`envFrom ${JSON.stringify(source)} names nothing the chart renders`);
      for (const [key, value] of Object.entries(data)) {
        const portKey = key.replace(/_HOST$/, '_PORT');
        if (key.endsWith('_HOST') && services.has(value)) {
          // A host and its port in two variables (SMPP_HOST, SMPP_PORT).
          const address = serviceAddress(value, data[portKey]);
          if (!address) throw new Error(`${key}=${value}: ${portKey} is no port of that Service`);
          variables[key] = '127.0.0.1';
          variables[portKey] = address.split(':')[1];
        } else if (!(key in variables)) variables[key] = local(value);
      }
    }
    // A pod's own env wins over envFrom, as in Kubernetes; its own ports move to the host ports.
    for (const entry of container.env ?? []) {
      if (entry.valueFrom?.fieldRef) {
        variables[entry.name] = downwardValue(component, entry.valueFrom.fieldRef.fieldPath);
      } else if (entry.valueFrom) {
        const { name, key } = entry.valueFrom.secretKeyRef ?? {};
        const value = secrets.get(name)?.[key];
        if (value === undefined) throw new Error(`${entry.name}: secret ${name}/${key} is not rendered`);
        variables[entry.name] = local(value);
      } else {
        const own = (container.ports ?? []).find((port) => String(port.containerPort) === entry.value);
        // Kubernetes expands $(NAME) with the variables listed before it.
        const value = entry.value?.replace(/\$\(([A-Za-z0-9_]+)\)/g, (whole, name) => variables[name] ?? whole);
        variables[entry.name] = own && entry.name.endsWith('PORT') ? String(portOf(component, own.name)) : local(value);
      }
    }
    return variables;
  };
  /** What the downward API gives a pod, for the fields the chart asks for. */
  const downwardValue = (component, fieldPath) => {
    const fields = {
      'metadata.name': `${component}-image-check`,
      'metadata.uid': randomUUID(),
      'metadata.namespace': 'otp',
      'spec.nodeName': hostname(),
    };
    if (!(fieldPath in fields)) throw new Error(`${component}: downward API field ${fieldPath} is not simulated`);
    return fields[fieldPath];
  };
  const envFile = (variables) =>
    Object.entries(variables)
      .map(([key, value]) => {
        if (/[\r\n]/.test(value)) throw new Error(`${key}: a value on several lines cannot go in an env file`);
        return `${key}=${value}\n`;
      })
      .join('');

  // A Secret volume as the kubelet mounts it: one file per key, read-only, at the mount's path.
  const secretMounts = (deployment, component) => {
    const pod = deployment.spec.template.spec;
    const lines = [];
    for (const mount of pod.containers[0].volumeMounts ?? []) {
      const volume = (pod.volumes ?? []).find((candidate) => candidate.name === mount.name);
      if (!volume?.secret) continue;
      const data = secrets.get(volume.secret.secretName);
      if (!data)
        throw new Error(`${component}: volume ${mount.name} names secret ${volume.secret.secretName}, not rendered`);
      const dir = path.join(outDir, 'mounts', component, mount.name);
      mkdirSync(dir, { recursive: true, mode: 0o755 });
      // Readable by the container's user (uid 10001) as the pod's fsGroup makes it in a cluster.
      for (const [key, value] of Object.entries(data)) writeFileSync(path.join(dir, key), value, { mode: 0o644 });
      lines.push(`${dir}:${mount.mountPath}:ro\n`);
    }
    return lines.join('');
  };

  mkdirSync(path.join(outDir, 'parts'), { recursive: true });
  // The chart's NATS users and their permissions, so the parts meet them as in a cluster.
  const natsAuth = ofKind('Secret').find((secret) => secret.metadata.name.endsWith('-nats-auth'));
  if (!natsAuth?.stringData?.['auth.conf']) throw new Error('the chart renders no NATS users (<release>-nats-auth)');
  writeFileSync(path.join(outDir, 'nats-auth.conf'), natsAuth.stringData['auth.conf']);
  const job = ofKind('Job').find((candidate) => candidate.metadata.labels['app.kubernetes.io/component'] === 'migrate');
  if (!job) throw new Error('the chart renders no migration Job');
  const migrate = job.spec.template.spec.containers[0];
  writeFileSync(path.join(outDir, 'migrate.env'), envFile(variablesOf(migrate, 'migrate')));
  writeFileSync(path.join(outDir, 'migrate.args'), `${(migrate.args ?? []).join(' ')}\n`);

  const probes = [];
  for (const deployment of deployments) {
    const component = deployment.metadata.labels['app.kubernetes.io/component'];
    const container = deployment.spec.template.spec.containers[0];
    writeFileSync(path.join(outDir, 'parts', `${component}.env`), envFile(variablesOf(container, component)));
    writeFileSync(path.join(outDir, 'parts', `${component}.mounts`), secretMounts(deployment, component));
    const probe = container.readinessProbe;
    if (probe?.httpGet) {
      probes.push({ component, kind: 'http', port: portOf(component, probe.httpGet.port), path: probe.httpGet.path });
    } else if (probe?.grpc) {
      probes.push({ component, kind: 'grpc', port: portOf(component, probe.grpc.port) });
    } else if (probe?.tcpSocket) {
      probes.push({ component, kind: 'tcp', port: portOf(component, probe.tcpSocket.port) });
    } else {
      throw new Error(`${component} has no readiness probe`);
    }
  }
  writeFileSync(path.join(outDir, 'probes.json'), `${JSON.stringify(probes, null, 2)}\n`);
  console.log(probes.map((probe) => `${probe.component} ${probe.kind} 127.0.0.1:${probe.port}`).join('\n'));
}

function grpcServing(port) {
  const grpc = require('@grpc/grpc-js');
  const { loadSync } = require('@grpc/proto-loader');
  // enums: String, so the answer reads SERVING rather than 1.
  const definition = loadSync(path.join(ROOT, 'proto', 'health.proto'), { enums: String });
  const { Health } = grpc.loadPackageDefinition(definition).grpc.health.v1;
  const client = new Health(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return new Promise((resolve) => {
    // The kubelet's grpc probe asks for the server as a whole: the empty service name.
    client.Check({ service: '' }, { deadline: Date.now() + 2000 }, (error, answer) => {
      client.close();
      resolve(error ? error.details || error.message : answer.status === 'SERVING' ? true : answer.status);
    });
  });
}

function tcpAccepts(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(2000, () => socket.destroy(new Error('timeout')));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error) => resolve(error.message));
  });
}

function httpOk(port, requestPath) {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: requestPath, timeout: 2000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () =>
        resolve(response.statusCode === 200 ? true : `HTTP ${response.statusCode} ${body.slice(0, 200)}`),
      );
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve(error.code ?? error.message));
  });
}

/** true when the probe passes, else why not. */
function ask(probe) {
  if (probe.kind === 'grpc') return grpcServing(probe.port);
  if (probe.kind === 'tcp') return tcpAccepts(probe.port);
  return httpOk(probe.port, probe.path);
}

async function probe(probesFile, seconds) {
  const waiting = JSON.parse(readFileSync(probesFile, 'utf8'));
  const started = Date.now();
  const why = new Map();
  while (waiting.length > 0 && Date.now() - started < seconds * 1000) {
    const answers = await Promise.all(waiting.map(ask));
    for (const [index, answer] of [...answers.entries()].reverse()) {
      const current = waiting[index];
      if (answer === true) {
        const where = current.kind === 'http' ? `GET ${current.path}` : current.kind;
        console.log(
          `ready: ${current.component} (${where} on 127.0.0.1:${current.port}) after ${Date.now() - started} ms`,
        );
        waiting.splice(index, 1);
      } else why.set(current.component, answer);
    }
    if (waiting.length > 0) await delay(500);
  }
  for (const current of waiting) console.error(`not ready: ${current.component}: ${why.get(current.component)}`);
  process.exit(waiting.length > 0 ? 1 : 0);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'plan' && args.length === 2) await plan(args[0], args[1]);
else if (command === 'probe' && args.length === 2) await probe(args[0], Number(args[1]));
else {
  console.error('usage: image-check.mjs plan <chart.yaml> <out dir> | probe <probes.json> <seconds>');
  process.exit(64);
}
