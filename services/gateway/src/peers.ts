import { createGrpcClient, ReplicaClients, type PromiseClient } from '@otp/platform';
import {
  loadBillingProto,
  loadGuardProto,
  loadHealthProto,
  loadMessengerProto,
  loadSmsProto,
  loadVerifyProto,
  loadWebhooksProto,
  type BillingClient,
  type GuardClient,
  type HealthClient,
  type MessengerClient,
  type SmsClient,
  type VerifyClient,
  type WebhooksClient,
} from '@otp/proto';

/** The services the gateway forwards to, as promise-returning gRPC clients. */
export interface Peers {
  billing: PromiseClient<BillingClient>;
  sms: PromiseClient<SmsClient>;
  messenger: PromiseClient<MessengerClient>;
  verify: PromiseClient<VerifyClient>;
  webhooks: PromiseClient<WebhooksClient>;
  guard: PromiseClient<GuardClient>;
  /** gRPC health of the billing process (readiness probe). */
  billingHealth: PromiseClient<HealthClient>;
  /** Every sms replica, for what each one holds itself (its carrier binds). */
  smsReplicas: ReplicaClients<SmsClient>;
}

export interface PeerAddresses {
  BILLING_ADDR: string;
  SMS_ADDR: string;
  MESSENGER_ADDR: string;
  VERIFY_ADDR: string;
  WEBHOOKS_ADDR: string;
  GUARD_ADDR: string;
  GRPC_DEADLINE_MS: number;
}

export function connectPeers(config: PeerAddresses): Peers {
  const deadline = config.GRPC_DEADLINE_MS;
  return {
    billing: createGrpcClient(loadBillingProto().otp.billing.v1.Billing, config.BILLING_ADDR, deadline),
    sms: createGrpcClient(loadSmsProto().otp.sms.v1.Sms, config.SMS_ADDR, deadline),
    messenger: createGrpcClient(loadMessengerProto().otp.messenger.v1.Messenger, config.MESSENGER_ADDR, deadline),
    verify: createGrpcClient(loadVerifyProto().otp.verify.v1.Verify, config.VERIFY_ADDR, deadline),
    webhooks: createGrpcClient(loadWebhooksProto().otp.webhooks.v1.Webhooks, config.WEBHOOKS_ADDR, deadline),
    guard: createGrpcClient(loadGuardProto().otp.guard.v1.Guard, config.GUARD_ADDR, deadline),
    billingHealth: createGrpcClient(loadHealthProto().grpc.health.v1.Health, config.BILLING_ADDR, deadline),
    smsReplicas: new ReplicaClients(loadSmsProto().otp.sms.v1.Sms, config.SMS_ADDR, deadline),
  };
}

export function closePeers(peers: Peers): void {
  for (const client of Object.values(peers)) client.close();
}
