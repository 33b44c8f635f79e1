// Original file: verify.proto


export interface StartVerificationRequest {
  'project_id'?: (string);
  'to'?: (string);
  'callback'?: (string);
  'metadata_json'?: (string);
  'request_key'?: (string);
  'request_hash'?: (string);
  '_callback'?: "callback";
}

export interface StartVerificationRequest__Output {
  'project_id': (string);
  'to': (string);
  'callback'?: (string);
  'metadata_json': (string);
  'request_key': (string);
  'request_hash': (string);
  '_callback'?: "callback";
}
