// Original file: verify.proto

import type { DailyStat as _otp_verify_v1_DailyStat, DailyStat__Output as _otp_verify_v1_DailyStat__Output } from '../../../otp/verify/v1/DailyStat';

export interface DailyStatsPage {
  'days'?: (_otp_verify_v1_DailyStat)[];
}

export interface DailyStatsPage__Output {
  'days': (_otp_verify_v1_DailyStat__Output)[];
}
