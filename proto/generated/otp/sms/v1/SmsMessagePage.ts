// Original file: sms.proto

import type { SmsMessage as _otp_sms_v1_SmsMessage, SmsMessage__Output as _otp_sms_v1_SmsMessage__Output } from '../../../otp/sms/v1/SmsMessage';

export interface SmsMessagePage {
  'messages'?: (_otp_sms_v1_SmsMessage)[];
}

export interface SmsMessagePage__Output {
  'messages': (_otp_sms_v1_SmsMessage__Output)[];
}
