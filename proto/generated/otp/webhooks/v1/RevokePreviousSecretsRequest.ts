// Original file: webhooks.proto


export interface RevokePreviousSecretsRequest {
  'project_id'?: (string);
}

export interface RevokePreviousSecretsRequest__Output {
  'project_id': (string);
}
