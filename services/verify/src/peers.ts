import { createGrpcClient, type PromiseClient } from '@otp/platform';
import {
  loadBillingProto,
  loadMessengerProto,
  loadSmsProto,
  type BillingClient,
  type MessengerClient,
  type SmsClient,
} from '@otp/proto';

/** The services verify calls: money through Billing, sends through the channel services. */
export interface Peers {
  billing: PromiseClient<BillingClient>;
  sms: PromiseClient<SmsClient>;
  messenger: PromiseClient<MessengerClient>;
}

export function connectPeers(
  addresses: { billing: string; sms: string; messenger: string },
  deadlineMs: number,
): Peers & { close(): void } {
  const billing = createGrpcClient(loadBillingProto().otp.billing.v1.Billing, addresses.billing, deadlineMs);
  const sms = createGrpcClient(loadSmsProto().otp.sms.v1.Sms, addresses.sms, deadlineMs);
  const messenger = createGrpcClient(loadMessengerProto().otp.messenger.v1.Messenger, addresses.messenger, deadlineMs);
  return {
    billing,
    sms,
    messenger,
    close() {
      billing.close();
      sms.close();
      messenger.close();
    },
  };
}
