// Original file: webhooks.proto


export interface ListDeliveriesRequest {
  'project_id'?: (string);
  'status'?: (string);
  'limit'?: (number);
  '_status'?: "status";
}

export interface ListDeliveriesRequest__Output {
  'project_id': (string);
  'status'?: (string);
  'limit': (number);
  '_status'?: "status";
}
