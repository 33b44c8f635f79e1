// Original file: guard.proto

import type { Signals as _otp_guard_v1_Signals, Signals__Output as _otp_guard_v1_Signals__Output } from '../../../otp/guard/v1/Signals';

export interface AdmitRequest {
  'project_id'?: (string);
  'to'?: (string);
  'kind'?: (string);
  'request_key'?: (string);
  'signals'?: (_otp_guard_v1_Signals | null);
}

export interface AdmitRequest__Output {
  'project_id': (string);
  'to': (string);
  'kind': (string);
  'request_key': (string);
  'signals': (_otp_guard_v1_Signals__Output | null);
}
