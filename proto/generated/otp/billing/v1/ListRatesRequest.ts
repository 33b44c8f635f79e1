// Original file: billing.proto


export interface ListRatesRequest {
  'known_version'?: (string);
}

export interface ListRatesRequest__Output {
  'known_version': (string);
}
