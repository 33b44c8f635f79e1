// Original file: sms.proto


export interface SendSmsRequest {
  'project_id'?: (string);
  'to'?: (string);
  'body'?: (string);
  'from'?: (string);
  'callback'?: (string);
  'metadata_json'?: (string);
  'purpose'?: (string);
  'request_key'?: (string);
  'masked_body'?: (string);
  'request_hash'?: (string);
  '_from'?: "from";
  '_callback'?: "callback";
  '_masked_body'?: "masked_body";
}

export interface SendSmsRequest__Output {
  'project_id': (string);
  'to': (string);
  'body': (string);
  'from'?: (string);
  'callback'?: (string);
  'metadata_json': (string);
  'purpose': (string);
  'request_key': (string);
  'masked_body'?: (string);
  'request_hash': (string);
  '_from'?: "from";
  '_callback'?: "callback";
  '_masked_body'?: "masked_body";
}
