// Original file: webhooks.proto

import type { Delivery as _otp_webhooks_v1_Delivery, Delivery__Output as _otp_webhooks_v1_Delivery__Output } from '../../../otp/webhooks/v1/Delivery';

export interface DeliveryPage {
  'deliveries'?: (_otp_webhooks_v1_Delivery)[];
}

export interface DeliveryPage__Output {
  'deliveries': (_otp_webhooks_v1_Delivery__Output)[];
}
