// Original file: billing.proto

import type { Long } from '@grpc/proto-loader';

export interface Rate {
  'country'?: (string);
  'network'?: (string);
  'mcc_mnc'?: (string);
  'prefixes'?: (string)[];
  'price_cents'?: (number | string | Long);
}

export interface Rate__Output {
  'country': (string);
  'network': (string);
  'mcc_mnc': (string);
  'prefixes': (string)[];
  'price_cents': (number);
}
