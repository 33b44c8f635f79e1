// Original file: guard.proto


export interface ForgetRequest {
  'project_id'?: (string);
  'request_key'?: (string);
}

export interface ForgetRequest__Output {
  'project_id': (string);
  'request_key': (string);
}
