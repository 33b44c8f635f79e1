// Original file: sms.proto


export interface QuoteSmsRequest {
  'project_id'?: (string);
  'to'?: (string);
  'body'?: (string);
  'from'?: (string);
  'purpose'?: (string);
  '_from'?: "from";
}

export interface QuoteSmsRequest__Output {
  'project_id': (string);
  'to': (string);
  'body': (string);
  'from'?: (string);
  'purpose': (string);
  '_from'?: "from";
}
