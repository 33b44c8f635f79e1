// Original file: webhooks.proto


export interface ReplayDeliveryRequest {
  'project_id'?: (string);
  'delivery_id'?: (string);
}

export interface ReplayDeliveryRequest__Output {
  'project_id': (string);
  'delivery_id': (string);
}
