// Original file: billing.proto

import type { Long } from '@grpc/proto-loader';

export interface HoldResult {
  'hold_id'?: (string);
  'project_id'?: (string);
  'status'?: (string);
  'amount_cents'?: (number | string | Long);
  'captured_cents'?: (number | string | Long);
  'balance_cents'?: (number | string | Long);
  'reference'?: (string);
  'replayed'?: (boolean);
}

export interface HoldResult__Output {
  'hold_id': (string);
  'project_id': (string);
  'status': (string);
  'amount_cents': (number);
  'captured_cents': (number);
  'balance_cents': (number);
  'reference': (string);
  'replayed': (boolean);
}
