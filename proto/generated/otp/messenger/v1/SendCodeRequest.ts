// Original file: messenger.proto


export interface SendCodeRequest {
  'project_id'?: (string);
  'to'?: (string);
  'code'?: (string);
  'callback'?: (string);
  'metadata_json'?: (string);
  'purpose'?: (string);
  'ttl_seconds'?: (number);
  'request_key'?: (string);
  'request_hash'?: (string);
  '_code'?: "code";
  '_callback'?: "callback";
  '_ttl_seconds'?: "ttl_seconds";
}

export interface SendCodeRequest__Output {
  'project_id': (string);
  'to': (string);
  'code'?: (string);
  'callback'?: (string);
  'metadata_json': (string);
  'purpose': (string);
  'ttl_seconds'?: (number);
  'request_key': (string);
  'request_hash': (string);
  '_code'?: "code";
  '_callback'?: "callback";
  '_ttl_seconds'?: "ttl_seconds";
}
