// Original file: verify.proto


export interface GetVerificationRequest {
  'project_id'?: (string);
  'sid'?: (string);
}

export interface GetVerificationRequest__Output {
  'project_id': (string);
  'sid': (string);
}
