// Original file: billing.proto


export interface QuoteRequest {
  'to'?: (string);
}

export interface QuoteRequest__Output {
  'to': (string);
}
