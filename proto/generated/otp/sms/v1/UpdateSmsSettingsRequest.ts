// Original file: sms.proto


export interface UpdateSmsSettingsRequest {
  'project_id'?: (string);
  'enabled'?: (boolean);
  'default_sender_id'?: (string);
  'callback_url'?: (string);
  'clear_default_sender_id'?: (boolean);
  'clear_callback_url'?: (boolean);
  '_enabled'?: "enabled";
  '_default_sender_id'?: "default_sender_id";
  '_callback_url'?: "callback_url";
}

export interface UpdateSmsSettingsRequest__Output {
  'project_id': (string);
  'enabled'?: (boolean);
  'default_sender_id'?: (string);
  'callback_url'?: (string);
  'clear_default_sender_id': (boolean);
  'clear_callback_url': (boolean);
  '_enabled'?: "enabled";
  '_default_sender_id'?: "default_sender_id";
  '_callback_url'?: "callback_url";
}
