// Original file: billing.proto


export interface ReleaseRequest {
  'hold_id'?: (string);
  'idempotency_key'?: (string);
}

export interface ReleaseRequest__Output {
  'hold_id': (string);
  'idempotency_key': (string);
}
