// Original file: sms.proto


export interface SenderId {
  'value'?: (string);
  'status'?: (string);
  'site'?: (string);
  'created_at'?: (string);
}

export interface SenderId__Output {
  'value': (string);
  'status': (string);
  'site': (string);
  'created_at': (string);
}
