// Original file: messenger.proto


export interface GetMessengerSettingsRequest {
  'project_id'?: (string);
}

export interface GetMessengerSettingsRequest__Output {
  'project_id': (string);
}
