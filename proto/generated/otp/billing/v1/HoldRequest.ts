// Original file: billing.proto

import type { Long } from '@grpc/proto-loader';

export interface HoldRequest {
  'project_id'?: (string);
  'amount_cents'?: (number | string | Long);
  'idempotency_key'?: (string);
  'reference'?: (string);
  'description'?: (string);
  'capture_cents'?: (number | string | Long);
  'capture_idempotency_key'?: (string);
  'capture_description'?: (string);
}

export interface HoldRequest__Output {
  'project_id': (string);
  'amount_cents': (number);
  'idempotency_key': (string);
  'reference': (string);
  'description': (string);
  'capture_cents': (number);
  'capture_idempotency_key': (string);
  'capture_description': (string);
}
