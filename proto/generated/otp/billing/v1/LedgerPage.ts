// Original file: billing.proto

import type { LedgerEntry as _otp_billing_v1_LedgerEntry, LedgerEntry__Output as _otp_billing_v1_LedgerEntry__Output } from '../../../otp/billing/v1/LedgerEntry';

export interface LedgerPage {
  'entries'?: (_otp_billing_v1_LedgerEntry)[];
  'next_before_id'?: (string);
}

export interface LedgerPage__Output {
  'entries': (_otp_billing_v1_LedgerEntry__Output)[];
  'next_before_id': (string);
}
