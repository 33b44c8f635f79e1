// Original file: messenger.proto

import type { CodeMessage as _otp_messenger_v1_CodeMessage, CodeMessage__Output as _otp_messenger_v1_CodeMessage__Output } from '../../../otp/messenger/v1/CodeMessage';

export interface VerifyCodeResult {
  'valid'?: (boolean);
  'verification_status'?: (string);
  'message'?: (_otp_messenger_v1_CodeMessage | null);
}

export interface VerifyCodeResult__Output {
  'valid': (boolean);
  'verification_status': (string);
  'message': (_otp_messenger_v1_CodeMessage__Output | null);
}
