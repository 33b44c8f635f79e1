// Original file: sms.proto


export interface ListSmsRequest {
  'project_id'?: (string);
  'status'?: (string);
  'to'?: (string);
  'created_from'?: (string);
  'created_until'?: (string);
  'limit'?: (number);
  'before_sid'?: (string);
  '_status'?: "status";
  '_to'?: "to";
  '_created_from'?: "created_from";
  '_created_until'?: "created_until";
  '_before_sid'?: "before_sid";
}

export interface ListSmsRequest__Output {
  'project_id': (string);
  'status'?: (string);
  'to'?: (string);
  'created_from'?: (string);
  'created_until'?: (string);
  'limit': (number);
  'before_sid'?: (string);
  '_status'?: "status";
  '_to'?: "to";
  '_created_from'?: "created_from";
  '_created_until'?: "created_until";
  '_before_sid'?: "before_sid";
}
