import { readFileSync } from 'node:fs';
import { credsAuthenticator, type ConnectionOptions } from '@nats-io/transport-node';
import { z } from 'zod';
import { ConfigError } from '../config.js';
import type { PartName } from '../parts.js';
import { secret } from '../secrets/production-secrets.js';
import { inboxPrefix } from './permissions.js';

// How a part reaches NATS and as whom (docs/security.md, "NATS users"): its own user, whose
// permissions are the part's row of the table in permissions.ts.

/** Where NATS is and the credentials of one user; neither password nor creds: a NATS without users. */
export interface BusAccess {
  url: string;
  user?: string;
  password?: string;
  /** A .creds file (user JWT and nkey seed) for a NATS with decentralised (operator) auth. */
  credsFile?: string;
}

/** The variables of every part that uses NATS. */
export const busConfig = {
  /** NATS with JetStream. */
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** This part's NATS user; default: the part's name (the table's user names). */
  NATS_USER: z.string().optional(),
  /**
   * Its password. Required with OTP_ENV=production unless NATS_CREDS is set; in local mode unset
   * means a NATS without users (a bare `nats-server -js`).
   */
  NATS_PASSWORD: secret(z.string(), { localDefault: '', unusedWith: 'NATS_CREDS' }),
  /** A .creds file (JWT + nkey seed) of this part's user, instead of NATS_USER/NATS_PASSWORD. */
  NATS_CREDS: z.string().optional(),
};

type BusConfig = z.infer<z.ZodObject<typeof busConfig>>;

/** The part's NATS access from its parsed config (busConfig's variables). */
export function busAccess(config: BusConfig, part: PartName): BusAccess {
  if (config.NATS_CREDS) return { url: config.NATS_URL, credsFile: config.NATS_CREDS };
  if (!config.NATS_PASSWORD) return { url: config.NATS_URL };
  return { url: config.NATS_URL, user: config.NATS_USER || part, password: config.NATS_PASSWORD };
}

/** nats.js's own options for `access`, replies arriving under `user`'s inbox prefix (permissions.ts). */
export function busConnectOptions(access: BusAccess, user: string): ConnectionOptions {
  const options: ConnectionOptions = { servers: access.url, inboxPrefix: inboxPrefix(user) };
  if (access.credsFile) {
    let creds: Uint8Array;
    try {
      creds = readFileSync(access.credsFile);
    } catch (error) {
      throw new ConfigError(`NATS_CREDS: cannot read ${access.credsFile}: ${(error as Error).message}`);
    }
    return { ...options, authenticator: credsAuthenticator(creds) };
  }
  if (access.password) return { ...options, user: access.user ?? user, pass: access.password };
  return options;
}
