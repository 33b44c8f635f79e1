// Original file: billing.proto

import type { Long } from '@grpc/proto-loader';

export interface Account {
  'project_id'?: (string);
  'balance_cents'?: (number | string | Long);
  'updated_at'?: (string);
}

export interface Account__Output {
  'project_id': (string);
  'balance_cents': (number);
  'updated_at': (string);
}
