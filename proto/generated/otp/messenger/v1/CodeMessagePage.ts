// Original file: messenger.proto

import type { CodeMessage as _otp_messenger_v1_CodeMessage, CodeMessage__Output as _otp_messenger_v1_CodeMessage__Output } from '../../../otp/messenger/v1/CodeMessage';

export interface CodeMessagePage {
  'codes'?: (_otp_messenger_v1_CodeMessage)[];
}

export interface CodeMessagePage__Output {
  'codes': (_otp_messenger_v1_CodeMessage__Output)[];
}
