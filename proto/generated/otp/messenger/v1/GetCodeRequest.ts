// Original file: messenger.proto


export interface GetCodeRequest {
  'project_id'?: (string);
  'sid'?: (string);
}

export interface GetCodeRequest__Output {
  'project_id': (string);
  'sid': (string);
}
