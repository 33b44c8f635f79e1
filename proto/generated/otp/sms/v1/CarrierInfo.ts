// Original file: sms.proto

import type { CarrierBind as _otp_sms_v1_CarrierBind, CarrierBind__Output as _otp_sms_v1_CarrierBind__Output } from '../../../otp/sms/v1/CarrierBind';
import type { Long } from '@grpc/proto-loader';

export interface CarrierInfo {
  'name'?: (string);
  'host'?: (string);
  'port'?: (number);
  'health'?: (string);
  'binds'?: (_otp_sms_v1_CarrierBind)[];
  'window_in_use'?: (number);
  'throughput'?: (number | string);
  'submitted'?: (number | string | Long);
  'accepted'?: (number | string | Long);
  'refused'?: (number | string | Long);
  'last_error'?: (string);
  'last_error_at'?: (string);
  '_last_error'?: "last_error";
  '_last_error_at'?: "last_error_at";
}

export interface CarrierInfo__Output {
  'name': (string);
  'host': (string);
  'port': (number);
  'health': (string);
  'binds': (_otp_sms_v1_CarrierBind__Output)[];
  'window_in_use': (number);
  'throughput': (number);
  'submitted': (number);
  'accepted': (number);
  'refused': (number);
  'last_error'?: (string);
  'last_error_at'?: (string);
  '_last_error'?: "last_error";
  '_last_error_at'?: "last_error_at";
}
