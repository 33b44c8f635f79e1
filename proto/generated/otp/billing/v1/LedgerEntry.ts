// Original file: billing.proto

import type { Long } from '@grpc/proto-loader';

export interface LedgerEntry {
  'id'?: (string);
  'kind'?: (string);
  'amount_cents'?: (number | string | Long);
  'balance_cents'?: (number | string | Long);
  'reference'?: (string);
  'description'?: (string);
  'created_at'?: (string);
}

export interface LedgerEntry__Output {
  'id': (string);
  'kind': (string);
  'amount_cents': (number);
  'balance_cents': (number);
  'reference': (string);
  'description': (string);
  'created_at': (string);
}
