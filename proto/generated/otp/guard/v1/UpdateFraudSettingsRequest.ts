// Original file: guard.proto


export interface UpdateFraudSettingsRequest {
  'project_id'?: (string);
  'patch_json'?: (string);
}

export interface UpdateFraudSettingsRequest__Output {
  'project_id': (string);
  'patch_json': (string);
}
