// Original file: billing.proto

import type { Long } from '@grpc/proto-loader';

export interface SpendLimit {
  'project_id'?: (string);
  'daily_spend_limit_cents'?: (number | string | Long);
  'spent_today_cents'?: (number | string | Long);
}

export interface SpendLimit__Output {
  'project_id': (string);
  'daily_spend_limit_cents': (number);
  'spent_today_cents': (number);
}
