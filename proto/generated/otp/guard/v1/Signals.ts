// Original file: guard.proto


export interface Signals {
  'ip'?: (string);
  'device_id'?: (string);
  'user_agent'?: (string);
}

export interface Signals__Output {
  'ip': (string);
  'device_id': (string);
  'user_agent': (string);
}
