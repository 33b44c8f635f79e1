// Original file: billing.proto

import type { Long } from '@grpc/proto-loader';

export interface Fees {
  'verify_fee_cents'?: (number | string | Long);
  'messenger_fee_cents'?: (number | string | Long);
}

export interface Fees__Output {
  'verify_fee_cents': (number);
  'messenger_fee_cents': (number);
}
