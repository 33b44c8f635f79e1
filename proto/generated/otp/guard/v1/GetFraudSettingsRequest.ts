// Original file: guard.proto


export interface GetFraudSettingsRequest {
  'project_id'?: (string);
}

export interface GetFraudSettingsRequest__Output {
  'project_id': (string);
}
