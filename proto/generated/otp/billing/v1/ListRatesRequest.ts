// Original file: billing.proto


export interface ListRatesRequest {
}

export interface ListRatesRequest__Output {
}
