// Original file: sms.proto


export interface ListCarriersRequest {
}

export interface ListCarriersRequest__Output {
}
