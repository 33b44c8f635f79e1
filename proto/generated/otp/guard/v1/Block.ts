// Original file: guard.proto


export interface Block {
  'prefix'?: (string);
  'reason'?: (string);
  'mode'?: (string);
  'since'?: (string);
  'until'?: (string);
}

export interface Block__Output {
  'prefix': (string);
  'reason': (string);
  'mode': (string);
  'since': (string);
  'until': (string);
}
