// Original file: webhooks.proto


export interface SigningSecret {
  'secret'?: (string);
  'created_at'?: (string);
  'expires_at'?: (string);
  '_expires_at'?: "expires_at";
}

export interface SigningSecret__Output {
  'secret': (string);
  'created_at': (string);
  'expires_at'?: (string);
  '_expires_at'?: "expires_at";
}
