// Original file: billing.proto


export interface ListLedgerRequest {
  'project_id'?: (string);
  'limit'?: (number);
  'before_id'?: (string);
}

export interface ListLedgerRequest__Output {
  'project_id': (string);
  'limit': (number);
  'before_id': (string);
}
