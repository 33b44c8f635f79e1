// Original file: sms.proto


export interface RequestSenderIdRequest {
  'project_id'?: (string);
  'value'?: (string);
  'site'?: (string);
}

export interface RequestSenderIdRequest__Output {
  'project_id': (string);
  'value': (string);
  'site': (string);
}
