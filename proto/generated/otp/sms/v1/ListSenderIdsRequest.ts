// Original file: sms.proto


export interface ListSenderIdsRequest {
  'project_id'?: (string);
}

export interface ListSenderIdsRequest__Output {
  'project_id': (string);
}
