// Original file: verify.proto

import type { Verification as _otp_verify_v1_Verification, Verification__Output as _otp_verify_v1_Verification__Output } from '../../../otp/verify/v1/Verification';

export interface VerificationPage {
  'verifications'?: (_otp_verify_v1_Verification)[];
}

export interface VerificationPage__Output {
  'verifications': (_otp_verify_v1_Verification__Output)[];
}
