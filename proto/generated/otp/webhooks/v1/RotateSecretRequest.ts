// Original file: webhooks.proto


export interface RotateSecretRequest {
  'project_id'?: (string);
}

export interface RotateSecretRequest__Output {
  'project_id': (string);
}
