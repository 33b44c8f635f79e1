// Original file: sms.proto

import type { Long } from '@grpc/proto-loader';

export interface CarrierBind {
  'bound'?: (boolean);
  'window_in_use'?: (number);
  'window'?: (number);
  'tps'?: (number);
  'throttles'?: (number | string | Long);
}

export interface CarrierBind__Output {
  'bound': (boolean);
  'window_in_use': (number);
  'window': (number);
  'tps': (number);
  'throttles': (number);
}
