// Original file: messenger.proto


export interface MessengerSettings {
  'enabled'?: (boolean);
  'code_length'?: (number);
  'ttl_seconds'?: (number);
  'callback_url'?: (string);
  '_callback_url'?: "callback_url";
}

export interface MessengerSettings__Output {
  'enabled': (boolean);
  'code_length': (number);
  'ttl_seconds': (number);
  'callback_url'?: (string);
  '_callback_url'?: "callback_url";
}
