// Original file: messenger.proto


export interface VerifyCodeRequest {
  'project_id'?: (string);
  'sid'?: (string);
  'code'?: (string);
}

export interface VerifyCodeRequest__Output {
  'project_id': (string);
  'sid': (string);
  'code': (string);
}
