// Original file: sms.proto


export interface SenderId {
  'value'?: (string);
  'status'?: (string);
  'site'?: (string);
  'created_at'?: (string);
  'rejection_reason'?: (string);
  '_rejection_reason'?: "rejection_reason";
}

export interface SenderId__Output {
  'value': (string);
  'status': (string);
  'site': (string);
  'created_at': (string);
  'rejection_reason'?: (string);
  '_rejection_reason'?: "rejection_reason";
}
