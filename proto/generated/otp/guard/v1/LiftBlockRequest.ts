// Original file: guard.proto


export interface LiftBlockRequest {
  'project_id'?: (string);
  'prefix'?: (string);
}

export interface LiftBlockRequest__Output {
  'project_id': (string);
  'prefix': (string);
}
