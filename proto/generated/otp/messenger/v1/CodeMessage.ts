// Original file: messenger.proto

import type { Long } from '@grpc/proto-loader';

export interface CodeMessage {
  'sid'?: (string);
  'project_id'?: (string);
  'status'?: (string);
  'to'?: (string);
  'expires_at'?: (string);
  'cost_cents'?: (number | string | Long);
  'metadata_json'?: (string);
  'date_created'?: (string);
  'last_error'?: (string);
  'delivered_at'?: (string);
  'verification_status'?: (string);
  'callback'?: (string);
  'purpose'?: (string);
  'checks'?: (number);
  'replayed'?: (boolean);
  '_last_error'?: "last_error";
  '_delivered_at'?: "delivered_at";
  '_verification_status'?: "verification_status";
  '_callback'?: "callback";
  '_checks'?: "checks";
}

export interface CodeMessage__Output {
  'sid': (string);
  'project_id': (string);
  'status': (string);
  'to': (string);
  'expires_at': (string);
  'cost_cents': (number);
  'metadata_json': (string);
  'date_created': (string);
  'last_error'?: (string);
  'delivered_at'?: (string);
  'verification_status'?: (string);
  'callback'?: (string);
  'purpose': (string);
  'checks'?: (number);
  'replayed': (boolean);
  '_last_error'?: "last_error";
  '_delivered_at'?: "delivered_at";
  '_verification_status'?: "verification_status";
  '_callback'?: "callback";
  '_checks'?: "checks";
}
