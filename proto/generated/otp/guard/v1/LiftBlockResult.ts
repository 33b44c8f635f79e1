// Original file: guard.proto


export interface LiftBlockResult {
  'lifted'?: (boolean);
}

export interface LiftBlockResult__Output {
  'lifted': (boolean);
}
