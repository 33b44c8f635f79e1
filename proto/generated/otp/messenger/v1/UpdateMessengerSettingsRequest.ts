// Original file: messenger.proto


export interface UpdateMessengerSettingsRequest {
  'project_id'?: (string);
  'enabled'?: (boolean);
  'code_length'?: (number);
  'ttl_seconds'?: (number);
  'callback_url'?: (string);
  'clear_callback_url'?: (boolean);
  '_enabled'?: "enabled";
  '_code_length'?: "code_length";
  '_ttl_seconds'?: "ttl_seconds";
  '_callback_url'?: "callback_url";
}

export interface UpdateMessengerSettingsRequest__Output {
  'project_id': (string);
  'enabled'?: (boolean);
  'code_length'?: (number);
  'ttl_seconds'?: (number);
  'callback_url'?: (string);
  'clear_callback_url': (boolean);
  '_enabled'?: "enabled";
  '_code_length'?: "code_length";
  '_ttl_seconds'?: "ttl_seconds";
  '_callback_url'?: "callback_url";
}
