// Original file: messenger.proto


export interface ProviderReport {
  'body'?: (Buffer | Uint8Array | string);
  'timestamp'?: (string);
  'signature'?: (string);
}

export interface ProviderReport__Output {
  'body': (Buffer);
  'timestamp': (string);
  'signature': (string);
}
