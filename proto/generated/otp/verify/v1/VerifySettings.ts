// Original file: verify.proto


export interface VerifySettings {
  'enabled'?: (boolean);
  'channel'?: (string);
  'sms_fallback'?: (boolean);
  'switch_on_failure'?: (boolean);
  'fallback_wait_seconds'?: (number);
  'code_length'?: (number);
  'expiry_minutes'?: (number);
  'max_wrong_codes'?: (number);
  'sender_id'?: (string);
  'sms_text'?: (string);
  'callback_url'?: (string);
  '_sender_id'?: "sender_id";
  '_callback_url'?: "callback_url";
}

export interface VerifySettings__Output {
  'enabled': (boolean);
  'channel': (string);
  'sms_fallback': (boolean);
  'switch_on_failure': (boolean);
  'fallback_wait_seconds': (number);
  'code_length': (number);
  'expiry_minutes': (number);
  'max_wrong_codes': (number);
  'sender_id'?: (string);
  'sms_text': (string);
  'callback_url'?: (string);
  '_sender_id'?: "sender_id";
  '_callback_url'?: "callback_url";
}
