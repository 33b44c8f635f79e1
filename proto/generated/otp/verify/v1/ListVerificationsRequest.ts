// Original file: verify.proto


export interface ListVerificationsRequest {
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

export interface ListVerificationsRequest__Output {
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
