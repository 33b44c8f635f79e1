// Original file: verify.proto


export interface DailyStatsRequest {
  'project_id'?: (string);
  'days'?: (number);
}

export interface DailyStatsRequest__Output {
  'project_id': (string);
  'days': (number);
}
