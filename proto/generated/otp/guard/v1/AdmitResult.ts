// Original file: guard.proto


export interface AdmitResult {
  'admitted'?: (boolean);
  'refusal_code'?: (string);
  'message'?: (string);
  'retry_after_seconds'?: (number);
  'prefix'?: (string);
}

export interface AdmitResult__Output {
  'admitted': (boolean);
  'refusal_code': (string);
  'message': (string);
  'retry_after_seconds': (number);
  'prefix': (string);
}
