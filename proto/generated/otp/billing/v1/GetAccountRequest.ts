// Original file: billing.proto


export interface GetAccountRequest {
  'project_id'?: (string);
}

export interface GetAccountRequest__Output {
  'project_id': (string);
}
