// Original file: billing.proto

import type { Long } from '@grpc/proto-loader';

export interface QuoteResult {
  'country'?: (string);
  'network'?: (string);
  'mcc_mnc'?: (string);
  'sms_price_cents'?: (number | string | Long);
  'network_identified'?: (boolean);
  'verify_fee_cents'?: (number | string | Long);
  'messenger_fee_cents'?: (number | string | Long);
}

export interface QuoteResult__Output {
  'country': (string);
  'network': (string);
  'mcc_mnc': (string);
  'sms_price_cents': (number);
  'network_identified': (boolean);
  'verify_fee_cents': (number);
  'messenger_fee_cents': (number);
}
