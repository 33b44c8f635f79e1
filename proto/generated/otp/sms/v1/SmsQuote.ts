// Original file: sms.proto

import type { Long } from '@grpc/proto-loader';

export interface SmsQuote {
  'from'?: (string);
  'sms_segments'?: (number);
  'price_cents'?: (number | string | Long);
  'cost_cents'?: (number | string | Long);
}

export interface SmsQuote__Output {
  'from': (string);
  'sms_segments': (number);
  'price_cents': (number);
  'cost_cents': (number);
}
