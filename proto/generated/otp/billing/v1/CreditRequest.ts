// Original file: billing.proto

import type { Long } from '@grpc/proto-loader';

export interface CreditRequest {
  'project_id'?: (string);
  'amount_cents'?: (number | string | Long);
  'idempotency_key'?: (string);
  'reason'?: (string);
  'note'?: (string);
}

export interface CreditRequest__Output {
  'project_id': (string);
  'amount_cents': (number);
  'idempotency_key': (string);
  'reason': (string);
  'note': (string);
}
