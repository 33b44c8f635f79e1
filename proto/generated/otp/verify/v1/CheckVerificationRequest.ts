// Original file: verify.proto


export interface CheckVerificationRequest {
  'project_id'?: (string);
  'sid'?: (string);
  'code'?: (string);
}

export interface CheckVerificationRequest__Output {
  'project_id': (string);
  'sid': (string);
  'code': (string);
}
