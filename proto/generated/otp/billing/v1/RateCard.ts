// Original file: billing.proto

import type { Rate as _otp_billing_v1_Rate, Rate__Output as _otp_billing_v1_Rate__Output } from '../../../otp/billing/v1/Rate';

export interface RateCard {
  'rates'?: (_otp_billing_v1_Rate)[];
}

export interface RateCard__Output {
  'rates': (_otp_billing_v1_Rate__Output)[];
}
