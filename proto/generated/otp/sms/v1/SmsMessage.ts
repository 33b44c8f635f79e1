// Original file: sms.proto

import type { Long } from '@grpc/proto-loader';

export interface SmsMessage {
  'sid'?: (string);
  'project_id'?: (string);
  'status'?: (string);
  'to'?: (string);
  'from'?: (string);
  'body'?: (string);
  'sms_segments'?: (number);
  'cost_cents'?: (number | string | Long);
  'metadata_json'?: (string);
  'date_created'?: (string);
  'processed_at'?: (string);
  'last_error'?: (string);
  'delivery_status'?: (string);
  'delivered_at'?: (string);
  'carrier'?: (string);
  'purpose'?: (string);
  'attempts'?: (number);
  'replayed'?: (boolean);
  '_processed_at'?: "processed_at";
  '_last_error'?: "last_error";
  '_delivery_status'?: "delivery_status";
  '_delivered_at'?: "delivered_at";
  '_carrier'?: "carrier";
}

export interface SmsMessage__Output {
  'sid': (string);
  'project_id': (string);
  'status': (string);
  'to': (string);
  'from': (string);
  'body': (string);
  'sms_segments': (number);
  'cost_cents': (number);
  'metadata_json': (string);
  'date_created': (string);
  'processed_at'?: (string);
  'last_error'?: (string);
  'delivery_status'?: (string);
  'delivered_at'?: (string);
  'carrier'?: (string);
  'purpose': (string);
  'attempts': (number);
  'replayed': (boolean);
  '_processed_at'?: "processed_at";
  '_last_error'?: "last_error";
  '_delivery_status'?: "delivery_status";
  '_delivered_at'?: "delivered_at";
  '_carrier'?: "carrier";
}
