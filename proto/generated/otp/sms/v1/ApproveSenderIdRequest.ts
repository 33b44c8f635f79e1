// Original file: sms.proto


export interface ApproveSenderIdRequest {
  'project_id'?: (string);
  'value'?: (string);
}

export interface ApproveSenderIdRequest__Output {
  'project_id': (string);
  'value': (string);
}
