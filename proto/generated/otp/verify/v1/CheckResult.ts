// Original file: verify.proto

import type { Verification as _otp_verify_v1_Verification, Verification__Output as _otp_verify_v1_Verification__Output } from '../../../otp/verify/v1/Verification';

export interface CheckResult {
  'valid'?: (boolean);
  'verification'?: (_otp_verify_v1_Verification | null);
}

export interface CheckResult__Output {
  'valid': (boolean);
  'verification': (_otp_verify_v1_Verification__Output | null);
}
