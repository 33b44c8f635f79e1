// The one place that knows where the .proto files are and how they are loaded.
// Types come from proto-loader-gen-types (generated/, never edited by hand).
import * as path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

import type { ProtoGrpcType as BillingProto } from './generated/billing';
import type { ProtoGrpcType as SmsProto } from './generated/sms';
import type { ProtoGrpcType as MessengerProto } from './generated/messenger';
import type { ProtoGrpcType as VerifyProto } from './generated/verify';
import type { ProtoGrpcType as WebhooksProto } from './generated/webhooks';
import type { ProtoGrpcType as HealthProto } from './generated/health';
import type { ProtoGrpcType as GuardProto } from './generated/guard';

export type { BillingClient, BillingHandlers } from './generated/otp/billing/v1/Billing';
export type { SmsClient, SmsHandlers } from './generated/otp/sms/v1/Sms';
export type { MessengerClient, MessengerHandlers } from './generated/otp/messenger/v1/Messenger';
export type { VerifyClient, VerifyHandlers } from './generated/otp/verify/v1/Verify';
export type { WebhooksClient, WebhooksHandlers } from './generated/otp/webhooks/v1/Webhooks';
export type { HealthClient, HealthHandlers } from './generated/grpc/health/v1/Health';
export type { GuardClient, GuardHandlers } from './generated/otp/guard/v1/Guard';
export type { BillingProto, SmsProto, MessengerProto, VerifyProto, WebhooksProto, HealthProto, GuardProto };

/** Directory holding the .proto sources (one level above dist/). */
export const PROTO_DIR = path.resolve(__dirname, '..');

// Must match the flags of `npm run gen` so runtime objects have the generated shapes.
const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: true,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
};

function load<T>(file: string): T {
  const definition = protoLoader.loadSync(path.join(PROTO_DIR, file), LOADER_OPTIONS);
  return grpc.loadPackageDefinition(definition) as unknown as T;
}

export const loadBillingProto = (): BillingProto => load<BillingProto>('billing.proto');
export const loadSmsProto = (): SmsProto => load<SmsProto>('sms.proto');
export const loadMessengerProto = (): MessengerProto => load<MessengerProto>('messenger.proto');
export const loadVerifyProto = (): VerifyProto => load<VerifyProto>('verify.proto');
export const loadWebhooksProto = (): WebhooksProto => load<WebhooksProto>('webhooks.proto');
export const loadHealthProto = (): HealthProto => load<HealthProto>('health.proto');
export const loadGuardProto = (): GuardProto => load<GuardProto>('guard.proto');
