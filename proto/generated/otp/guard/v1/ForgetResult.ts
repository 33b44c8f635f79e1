// Original file: guard.proto


export interface ForgetResult {
  'forgotten'?: (boolean);
}

export interface ForgetResult__Output {
  'forgotten': (boolean);
}
