// Original file: guard.proto


export interface FraudSettings {
  'settings_json'?: (string);
}

export interface FraudSettings__Output {
  'settings_json': (string);
}
