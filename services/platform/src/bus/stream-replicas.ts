import { ConfigError } from '../config.js';

/**
 * The copies of each stream a JetStream cluster keeps (NATS_STREAM_REPLICAS, read by the
 * provisioner): 1 on a single server; 3 on a three-node cluster, whose streams then outlive the
 * loss of one server. A stream's replicas can be raised later: the provisioner updates it.
 */
export function streamReplicas(env: Record<string, string | undefined> = process.env): number {
  const value = env.NATS_STREAM_REPLICAS?.trim();
  if (!value) return 1;
  const replicas = Number(value);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 5) {
    throw new ConfigError(`NATS_STREAM_REPLICAS: ${value} is not a number of servers from 1 to 5`);
  }
  return replicas;
}
