// Original file: verify.proto


export interface GetVerifySettingsRequest {
  'project_id'?: (string);
}

export interface GetVerifySettingsRequest__Output {
  'project_id': (string);
}
