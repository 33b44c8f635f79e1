// Original file: billing.proto

import type { Long } from '@grpc/proto-loader';

export interface ChargeRequest {
  'project_id'?: (string);
  'amount_cents'?: (number | string | Long);
  'idempotency_key'?: (string);
  'reference'?: (string);
  'description'?: (string);
}

export interface ChargeRequest__Output {
  'project_id': (string);
  'amount_cents': (number);
  'idempotency_key': (string);
  'reference': (string);
  'description': (string);
}
