// Original file: sms.proto


export interface SmsSettings {
  'enabled'?: (boolean);
  'default_sender_id'?: (string);
  'callback_url'?: (string);
  '_default_sender_id'?: "default_sender_id";
  '_callback_url'?: "callback_url";
}

export interface SmsSettings__Output {
  'enabled': (boolean);
  'default_sender_id'?: (string);
  'callback_url'?: (string);
  '_default_sender_id'?: "default_sender_id";
  '_callback_url'?: "callback_url";
}
