// Original file: webhooks.proto


export interface DeliveryAttempt {
  'number'?: (number);
  'series'?: (number);
  'started_at'?: (string);
  'duration_ms'?: (number);
  'status_code'?: (number);
  'error'?: (string);
  'response_snippet'?: (string);
  'status'?: (string);
  '_status_code'?: "status_code";
  '_error'?: "error";
}

export interface DeliveryAttempt__Output {
  'number': (number);
  'series': (number);
  'started_at': (string);
  'duration_ms': (number);
  'status_code'?: (number);
  'error'?: (string);
  'response_snippet': (string);
  'status': (string);
  '_status_code'?: "status_code";
  '_error'?: "error";
}
