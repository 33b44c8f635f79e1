// Original file: verify.proto


export interface UpdateVerifySettingsRequest {
  'project_id'?: (string);
  'patch_json'?: (string);
}

export interface UpdateVerifySettingsRequest__Output {
  'project_id': (string);
  'patch_json': (string);
}
