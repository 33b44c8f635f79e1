// Original file: billing.proto


export interface GetFeesRequest {
}

export interface GetFeesRequest__Output {
}
