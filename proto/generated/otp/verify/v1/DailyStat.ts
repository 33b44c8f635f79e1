// Original file: verify.proto

import type { Long } from '@grpc/proto-loader';

export interface DailyStat {
  'day'?: (string);
  'started'?: (number);
  'approved'?: (number);
  'cost_cents'?: (number | string | Long);
}

export interface DailyStat__Output {
  'day': (string);
  'started': (number);
  'approved': (number);
  'cost_cents': (number);
}
