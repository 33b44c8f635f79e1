// Original file: sms.proto


export interface RejectSenderIdRequest {
  'project_id'?: (string);
  'value'?: (string);
  'reason'?: (string);
}

export interface RejectSenderIdRequest__Output {
  'project_id': (string);
  'value': (string);
  'reason': (string);
}
