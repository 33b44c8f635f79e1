// Original file: webhooks.proto


export interface GetSecretsRequest {
  'project_id'?: (string);
}

export interface GetSecretsRequest__Output {
  'project_id': (string);
}
