// Original file: messenger.proto


export interface SettleCodeRequest {
  'project_id'?: (string);
  'sid'?: (string);
  'code_used'?: (boolean);
}

export interface SettleCodeRequest__Output {
  'project_id': (string);
  'sid': (string);
  'code_used': (boolean);
}
