// Original file: messenger.proto


export interface ProviderReportAck {
  'applied'?: (boolean);
}

export interface ProviderReportAck__Output {
  'applied': (boolean);
}
