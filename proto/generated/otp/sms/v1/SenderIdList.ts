// Original file: sms.proto

import type { SenderId as _otp_sms_v1_SenderId, SenderId__Output as _otp_sms_v1_SenderId__Output } from '../../../otp/sms/v1/SenderId';

export interface SenderIdList {
  'sender_ids'?: (_otp_sms_v1_SenderId)[];
}

export interface SenderIdList__Output {
  'sender_ids': (_otp_sms_v1_SenderId__Output)[];
}
