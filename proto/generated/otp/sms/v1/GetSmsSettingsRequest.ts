// Original file: sms.proto


export interface GetSmsSettingsRequest {
  'project_id'?: (string);
}

export interface GetSmsSettingsRequest__Output {
  'project_id': (string);
}
