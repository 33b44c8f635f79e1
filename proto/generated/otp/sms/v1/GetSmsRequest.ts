// Original file: sms.proto


export interface GetSmsRequest {
  'project_id'?: (string);
  'sid'?: (string);
}

export interface GetSmsRequest__Output {
  'project_id': (string);
  'sid': (string);
}
