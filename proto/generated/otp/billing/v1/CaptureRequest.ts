// Original file: billing.proto

import type { Long } from '@grpc/proto-loader';

export interface CaptureRequest {
  'hold_id'?: (string);
  'idempotency_key'?: (string);
  'amount_cents'?: (number | string | Long);
  'description'?: (string);
}

export interface CaptureRequest__Output {
  'hold_id': (string);
  'idempotency_key': (string);
  'amount_cents': (number);
  'description': (string);
}
