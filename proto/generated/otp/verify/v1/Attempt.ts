// Original file: verify.proto

import type { Long } from '@grpc/proto-loader';

export interface Attempt {
  'channel'?: (string);
  'sid'?: (string);
  'status'?: (string);
  'cost_cents'?: (number | string | Long);
  'date_created'?: (string);
}

export interface Attempt__Output {
  'channel': (string);
  'sid': (string);
  'status': (string);
  'cost_cents': (number);
  'date_created': (string);
}
