import { readFileSync } from 'node:fs';
import * as grpc from '@grpc/grpc-js';
import { z } from 'zod';
import { ConfigError, envPort, loadConfig } from '../config.js';
import { otpEnvOf } from '../secrets/production-secrets.js';

// Mutual TLS between the parts (docs/security.md): every gRPC server asks for a client certificate
// signed by the one CA, and every client presents its part's own. The files are read once at start;
// a renewed certificate is picked up by the next start (the chart's pods roll, deploying.md).

/** PEM files of one part: the CA every peer is checked against, its certificate and its key. */
export interface GrpcTlsFiles {
  ca: string;
  cert: string;
  key: string;
}

const FILES = { GRPC_TLS_CA: 'ca', GRPC_TLS_CERT: 'cert', GRPC_TLS_KEY: 'key' } as const;

// Built on first use: config.ts imports the gRPC client, which imports this module (a cycle).
const transportSchema = (local: boolean) =>
  z
    .object({
      /** The CA certificate (PEM file) a peer's certificate must be signed by. */
      GRPC_TLS_CA: z.string().optional(),
      /** This part's certificate (PEM file): served to its callers and presented to its peers. */
      GRPC_TLS_CERT: z.string().optional(),
      /** This part's private key (PEM file). */
      GRPC_TLS_KEY: z.string().optional(),
      /** A plaintext port answering grpc.health.v1 only, for probes that cannot speak TLS (the kubelet's). */
      GRPC_HEALTH_PORT: envPort.optional(),
    })
    // An empty value counts as unset.
    .superRefine((env, context) => {
      const missing = Object.keys(FILES).filter((name) => !env[name as keyof typeof FILES]);
      if (missing.length === 0) return;
      if (missing.length < 3 || !local) {
        for (const name of missing) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message:
              'required: gRPC between the parts is mutual TLS (a PEM file path; plaintext only with OTP_ENV=local)',
          });
        }
      }
    });

export interface GrpcTransport {
  /** The part's certificate files; undefined only in local mode with none given (plaintext). */
  tls: GrpcTlsFiles | undefined;
  healthPort: number | undefined;
}

/** The gRPC transport settings of this process (GRPC_TLS_*, GRPC_HEALTH_PORT); a ConfigError names what is missing. */
export function grpcTransport(env: Record<string, string | undefined> = process.env): GrpcTransport {
  const config = loadConfig(transportSchema(otpEnvOf(env) === 'local'), env);
  const tls =
    config.GRPC_TLS_CA && config.GRPC_TLS_CERT && config.GRPC_TLS_KEY
      ? { ca: config.GRPC_TLS_CA, cert: config.GRPC_TLS_CERT, key: config.GRPC_TLS_KEY }
      : undefined;
  return { tls, healthPort: config.GRPC_HEALTH_PORT };
}

function read(files: GrpcTlsFiles): { ca: Buffer; cert: Buffer; key: Buffer } {
  const load = (variable: keyof typeof FILES) => {
    const file = files[FILES[variable]];
    try {
      return readFileSync(file);
    } catch (error) {
      throw new ConfigError(`${variable}: cannot read ${file}: ${(error as Error).message}`);
    }
  };
  return { ca: load('GRPC_TLS_CA'), cert: load('GRPC_TLS_CERT'), key: load('GRPC_TLS_KEY') };
}

/** A server that refuses any caller without a certificate signed by the CA (checkClientCertificate). */
export function serverCredentials(files: GrpcTlsFiles | undefined): grpc.ServerCredentials {
  if (!files) return grpc.ServerCredentials.createInsecure();
  const { ca, cert, key } = read(files);
  return grpc.ServerCredentials.createSsl(ca, [{ cert_chain: cert, private_key: key }], true);
}

/** A client that checks the peer against the CA and presents this part's certificate. */
export function channelCredentials(files: GrpcTlsFiles | undefined): grpc.ChannelCredentials {
  if (!files) return grpc.credentials.createInsecure();
  const { ca, cert, key } = read(files);
  return grpc.credentials.createSsl(ca, key, cert);
}
