// Original file: billing.proto

import type { Long } from '@grpc/proto-loader';

export interface SetSpendLimitRequest {
  'project_id'?: (string);
  'daily_spend_limit_cents'?: (number | string | Long);
}

export interface SetSpendLimitRequest__Output {
  'project_id': (string);
  'daily_spend_limit_cents': (number);
}
