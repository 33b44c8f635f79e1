// Original file: billing.proto

import type { Rate as _otp_billing_v1_Rate, Rate__Output as _otp_billing_v1_Rate__Output } from '../../../otp/billing/v1/Rate';
import type { Long } from '@grpc/proto-loader';

export interface RateCard {
  'rates'?: (_otp_billing_v1_Rate)[];
  'version'?: (string);
  'unchanged'?: (boolean);
  'verify_fee_cents'?: (number | string | Long);
  'messenger_fee_cents'?: (number | string | Long);
}

export interface RateCard__Output {
  'rates': (_otp_billing_v1_Rate__Output)[];
  'version': (string);
  'unchanged': (boolean);
  'verify_fee_cents': (number);
  'messenger_fee_cents': (number);
}
