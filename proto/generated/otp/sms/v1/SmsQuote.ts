// Original file: sms.proto

import type { Long } from '@grpc/proto-loader';

export interface SmsQuote {
  'from'?: (string);
  'sms_segments'?: (number);
  'price_cents'?: (number | string | Long);
  'cost_cents'?: (number | string | Long);
  'verify_fee_cents'?: (number | string | Long);
  'messenger_fee_cents'?: (number | string | Long);
  'fees_included'?: (boolean);
}

export interface SmsQuote__Output {
  'from': (string);
  'sms_segments': (number);
  'price_cents': (number);
  'cost_cents': (number);
  'verify_fee_cents': (number);
  'messenger_fee_cents': (number);
  'fees_included': (boolean);
}
