// Original file: webhooks.proto

import type { DeliveryAttempt as _otp_webhooks_v1_DeliveryAttempt, DeliveryAttempt__Output as _otp_webhooks_v1_DeliveryAttempt__Output } from '../../../otp/webhooks/v1/DeliveryAttempt';

export interface Delivery {
  'id'?: (string);
  'event_id'?: (string);
  'event_type'?: (string);
  'url'?: (string);
  'status'?: (string);
  'attempts'?: (number);
  'last_status_code'?: (number);
  'last_error'?: (string);
  'next_attempt_at'?: (string);
  'created_at'?: (string);
  'project_id'?: (string);
  'recent_attempts'?: (_otp_webhooks_v1_DeliveryAttempt)[];
  '_last_status_code'?: "last_status_code";
  '_last_error'?: "last_error";
  '_next_attempt_at'?: "next_attempt_at";
}

export interface Delivery__Output {
  'id': (string);
  'event_id': (string);
  'event_type': (string);
  'url': (string);
  'status': (string);
  'attempts': (number);
  'last_status_code'?: (number);
  'last_error'?: (string);
  'next_attempt_at'?: (string);
  'created_at': (string);
  'project_id': (string);
  'recent_attempts': (_otp_webhooks_v1_DeliveryAttempt__Output)[];
  '_last_status_code'?: "last_status_code";
  '_last_error'?: "last_error";
  '_next_attempt_at'?: "next_attempt_at";
}
