// Original file: billing.proto

import type { Long } from '@grpc/proto-loader';

export interface RefundRequest {
  'project_id'?: (string);
  'amount_cents'?: (number | string | Long);
  'idempotency_key'?: (string);
  'reference'?: (string);
  'description'?: (string);
}

export interface RefundRequest__Output {
  'project_id': (string);
  'amount_cents': (number);
  'idempotency_key': (string);
  'reference': (string);
  'description': (string);
}
