// Original file: sms.proto

import type { CarrierInfo as _otp_sms_v1_CarrierInfo, CarrierInfo__Output as _otp_sms_v1_CarrierInfo__Output } from '../../../otp/sms/v1/CarrierInfo';

export interface CarrierList {
  'carriers'?: (_otp_sms_v1_CarrierInfo)[];
}

export interface CarrierList__Output {
  'carriers': (_otp_sms_v1_CarrierInfo__Output)[];
}
