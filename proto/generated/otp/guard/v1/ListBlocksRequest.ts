// Original file: guard.proto


export interface ListBlocksRequest {
  'project_id'?: (string);
}

export interface ListBlocksRequest__Output {
  'project_id': (string);
}
