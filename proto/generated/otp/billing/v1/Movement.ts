// Original file: billing.proto

import type { Long } from '@grpc/proto-loader';

export interface Movement {
  'entry_id'?: (string);
  'project_id'?: (string);
  'amount_cents'?: (number | string | Long);
  'balance_cents'?: (number | string | Long);
  'kind'?: (string);
  'reference'?: (string);
  'replayed'?: (boolean);
}

export interface Movement__Output {
  'entry_id': (string);
  'project_id': (string);
  'amount_cents': (number);
  'balance_cents': (number);
  'kind': (string);
  'reference': (string);
  'replayed': (boolean);
}
