import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import type { GrpcTlsFiles } from './tls.js';

// The local run's and the test suites' own CA (the chart has cert-manager or its generated CA): one
// throwaway CA in a folder, and a certificate per identity for 127.0.0.1, ::1 and localhost.

/** Long enough for a local run, short enough to be worthless if a file leaks. */
const VALID_DAYS = 30;
const DAY_MS = 86_400_000;

function stillValid(file: string): boolean {
  if (!existsSync(file)) return false;
  const cert = forge.pki.certificateFromPem(readFileSync(file, 'utf8'));
  return cert.validity.notAfter.getTime() - Date.now() > DAY_MS;
}

interface KeyPair {
  pem: string;
  publicKey: forge.pki.PublicKey;
  privateKey: forge.pki.rsa.PrivateKey;
}

/** Node makes the key (native, off the main thread); forge signs the certificate. */
async function keyPair(): Promise<KeyPair> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  return { pem, privateKey: forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e) };
}

function certificate(
  subject: string,
  keys: KeyPair,
  issuer: { name: string; privateKey: forge.pki.rsa.PrivateKey },
  extensions: object[],
): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  // Positive (high bit clear), random: no two certificates of one CA share a serial.
  cert.serialNumber = '01' + randomBytes(15).toString('hex');
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + VALID_DAYS * DAY_MS);
  cert.setSubject([{ name: 'commonName', value: subject }]);
  cert.setIssuer([{ name: 'commonName', value: issuer.name }]);
  cert.setExtensions(extensions);
  cert.sign(issuer.privateKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/**
 * Makes (or keeps, while valid for another day) a CA in `dir` and a certificate for each of
 * `identities` (its CN; the name a peer reads), and returns each identity's files.
 */
export async function localCertificates(
  dir: string,
  identities: readonly string[],
): Promise<Record<string, GrpcTlsFiles>> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const caFile = path.join(dir, 'ca.pem');
  const files = (name: string): GrpcTlsFiles => ({
    ca: caFile,
    cert: path.join(dir, `${name}.pem`),
    key: path.join(dir, `${name}-key.pem`),
  });
  const all = Object.fromEntries(identities.map((name) => [name, files(name)]));
  if (stillValid(caFile) && identities.every((name) => existsSync(all[name]!.key) && stillValid(all[name]!.cert))) {
    return all;
  }
  // The CA goes first and comes back last: a folder cut short is made anew next time.
  rmSync(caFile, { force: true });
  const caName = 'otp local gRPC CA';
  const [caKeys, ...partKeys] = await Promise.all([undefined, ...identities].map(() => keyPair()));
  const ca = certificate(caName, caKeys!, { name: caName, privateKey: caKeys!.privateKey }, [
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  for (const [index, name] of identities.entries()) {
    const keys = partKeys[index]!;
    const cert = certificate(name, keys, { name: caName, privateKey: caKeys!.privateKey }, [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true, clientAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 2, value: name },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ]);
    writeFileSync(all[name]!.cert, cert, { mode: 0o600 });
    writeFileSync(all[name]!.key, keys.pem, { mode: 0o600 });
  }
  writeFileSync(caFile, ca, { mode: 0o600 });
  return all;
}
