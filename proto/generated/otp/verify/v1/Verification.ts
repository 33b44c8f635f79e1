// Original file: verify.proto

import type { Attempt as _otp_verify_v1_Attempt, Attempt__Output as _otp_verify_v1_Attempt__Output } from '../../../otp/verify/v1/Attempt';
import type { Long } from '@grpc/proto-loader';

export interface Verification {
  'sid'?: (string);
  'project_id'?: (string);
  'status'?: (string);
  'to'?: (string);
  'channel'?: (string);
  'fallback_reason'?: (string);
  'attempts'?: (_otp_verify_v1_Attempt)[];
  'checks_left'?: (number);
  'fee_cents'?: (number | string | Long);
  'cost_cents'?: (number | string | Long);
  'date_created'?: (string);
  'expires_at'?: (string);
  'approved_at'?: (string);
  'metadata_json'?: (string);
  'last_error'?: (string);
  'replayed'?: (boolean);
  '_fallback_reason'?: "fallback_reason";
  '_approved_at'?: "approved_at";
  '_last_error'?: "last_error";
}

export interface Verification__Output {
  'sid': (string);
  'project_id': (string);
  'status': (string);
  'to': (string);
  'channel': (string);
  'fallback_reason'?: (string);
  'attempts': (_otp_verify_v1_Attempt__Output)[];
  'checks_left': (number);
  'fee_cents': (number);
  'cost_cents': (number);
  'date_created': (string);
  'expires_at': (string);
  'approved_at'?: (string);
  'metadata_json': (string);
  'last_error'?: (string);
  'replayed': (boolean);
  '_fallback_reason'?: "fallback_reason";
  '_approved_at'?: "approved_at";
  '_last_error'?: "last_error";
}
