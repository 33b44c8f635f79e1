// Original file: guard.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AdmitRequest as _otp_guard_v1_AdmitRequest, AdmitRequest__Output as _otp_guard_v1_AdmitRequest__Output } from '../../../otp/guard/v1/AdmitRequest';
import type { AdmitResult as _otp_guard_v1_AdmitResult, AdmitResult__Output as _otp_guard_v1_AdmitResult__Output } from '../../../otp/guard/v1/AdmitResult';
import type { BlockList as _otp_guard_v1_BlockList, BlockList__Output as _otp_guard_v1_BlockList__Output } from '../../../otp/guard/v1/BlockList';
import type { ForgetRequest as _otp_guard_v1_ForgetRequest, ForgetRequest__Output as _otp_guard_v1_ForgetRequest__Output } from '../../../otp/guard/v1/ForgetRequest';
import type { ForgetResult as _otp_guard_v1_ForgetResult, ForgetResult__Output as _otp_guard_v1_ForgetResult__Output } from '../../../otp/guard/v1/ForgetResult';
import type { FraudSettings as _otp_guard_v1_FraudSettings, FraudSettings__Output as _otp_guard_v1_FraudSettings__Output } from '../../../otp/guard/v1/FraudSettings';
import type { GetFraudSettingsRequest as _otp_guard_v1_GetFraudSettingsRequest, GetFraudSettingsRequest__Output as _otp_guard_v1_GetFraudSettingsRequest__Output } from '../../../otp/guard/v1/GetFraudSettingsRequest';
import type { LiftBlockRequest as _otp_guard_v1_LiftBlockRequest, LiftBlockRequest__Output as _otp_guard_v1_LiftBlockRequest__Output } from '../../../otp/guard/v1/LiftBlockRequest';
import type { LiftBlockResult as _otp_guard_v1_LiftBlockResult, LiftBlockResult__Output as _otp_guard_v1_LiftBlockResult__Output } from '../../../otp/guard/v1/LiftBlockResult';
import type { ListBlocksRequest as _otp_guard_v1_ListBlocksRequest, ListBlocksRequest__Output as _otp_guard_v1_ListBlocksRequest__Output } from '../../../otp/guard/v1/ListBlocksRequest';
import type { UpdateFraudSettingsRequest as _otp_guard_v1_UpdateFraudSettingsRequest, UpdateFraudSettingsRequest__Output as _otp_guard_v1_UpdateFraudSettingsRequest__Output } from '../../../otp/guard/v1/UpdateFraudSettingsRequest';

export interface GuardClient extends grpc.Client {
  Admit(argument: _otp_guard_v1_AdmitRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_AdmitResult__Output>): grpc.ClientUnaryCall;
  Admit(argument: _otp_guard_v1_AdmitRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_guard_v1_AdmitResult__Output>): grpc.ClientUnaryCall;
  Admit(argument: _otp_guard_v1_AdmitRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_AdmitResult__Output>): grpc.ClientUnaryCall;
  Admit(argument: _otp_guard_v1_AdmitRequest, callback: grpc.requestCallback<_otp_guard_v1_AdmitResult__Output>): grpc.ClientUnaryCall;
  admit(argument: _otp_guard_v1_AdmitRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_AdmitResult__Output>): grpc.ClientUnaryCall;
  admit(argument: _otp_guard_v1_AdmitRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_guard_v1_AdmitResult__Output>): grpc.ClientUnaryCall;
  admit(argument: _otp_guard_v1_AdmitRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_AdmitResult__Output>): grpc.ClientUnaryCall;
  admit(argument: _otp_guard_v1_AdmitRequest, callback: grpc.requestCallback<_otp_guard_v1_AdmitResult__Output>): grpc.ClientUnaryCall;
  
  Forget(argument: _otp_guard_v1_ForgetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_ForgetResult__Output>): grpc.ClientUnaryCall;
  Forget(argument: _otp_guard_v1_ForgetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_guard_v1_ForgetResult__Output>): grpc.ClientUnaryCall;
  Forget(argument: _otp_guard_v1_ForgetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_ForgetResult__Output>): grpc.ClientUnaryCall;
  Forget(argument: _otp_guard_v1_ForgetRequest, callback: grpc.requestCallback<_otp_guard_v1_ForgetResult__Output>): grpc.ClientUnaryCall;
  forget(argument: _otp_guard_v1_ForgetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_ForgetResult__Output>): grpc.ClientUnaryCall;
  forget(argument: _otp_guard_v1_ForgetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_guard_v1_ForgetResult__Output>): grpc.ClientUnaryCall;
  forget(argument: _otp_guard_v1_ForgetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_ForgetResult__Output>): grpc.ClientUnaryCall;
  forget(argument: _otp_guard_v1_ForgetRequest, callback: grpc.requestCallback<_otp_guard_v1_ForgetResult__Output>): grpc.ClientUnaryCall;
  
  GetSettings(argument: _otp_guard_v1_GetFraudSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  GetSettings(argument: _otp_guard_v1_GetFraudSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  GetSettings(argument: _otp_guard_v1_GetFraudSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  GetSettings(argument: _otp_guard_v1_GetFraudSettingsRequest, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_guard_v1_GetFraudSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_guard_v1_GetFraudSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_guard_v1_GetFraudSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_guard_v1_GetFraudSettingsRequest, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  
  LiftBlock(argument: _otp_guard_v1_LiftBlockRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_LiftBlockResult__Output>): grpc.ClientUnaryCall;
  LiftBlock(argument: _otp_guard_v1_LiftBlockRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_guard_v1_LiftBlockResult__Output>): grpc.ClientUnaryCall;
  LiftBlock(argument: _otp_guard_v1_LiftBlockRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_LiftBlockResult__Output>): grpc.ClientUnaryCall;
  LiftBlock(argument: _otp_guard_v1_LiftBlockRequest, callback: grpc.requestCallback<_otp_guard_v1_LiftBlockResult__Output>): grpc.ClientUnaryCall;
  liftBlock(argument: _otp_guard_v1_LiftBlockRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_LiftBlockResult__Output>): grpc.ClientUnaryCall;
  liftBlock(argument: _otp_guard_v1_LiftBlockRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_guard_v1_LiftBlockResult__Output>): grpc.ClientUnaryCall;
  liftBlock(argument: _otp_guard_v1_LiftBlockRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_LiftBlockResult__Output>): grpc.ClientUnaryCall;
  liftBlock(argument: _otp_guard_v1_LiftBlockRequest, callback: grpc.requestCallback<_otp_guard_v1_LiftBlockResult__Output>): grpc.ClientUnaryCall;
  
  ListBlocks(argument: _otp_guard_v1_ListBlocksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_BlockList__Output>): grpc.ClientUnaryCall;
  ListBlocks(argument: _otp_guard_v1_ListBlocksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_guard_v1_BlockList__Output>): grpc.ClientUnaryCall;
  ListBlocks(argument: _otp_guard_v1_ListBlocksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_BlockList__Output>): grpc.ClientUnaryCall;
  ListBlocks(argument: _otp_guard_v1_ListBlocksRequest, callback: grpc.requestCallback<_otp_guard_v1_BlockList__Output>): grpc.ClientUnaryCall;
  listBlocks(argument: _otp_guard_v1_ListBlocksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_BlockList__Output>): grpc.ClientUnaryCall;
  listBlocks(argument: _otp_guard_v1_ListBlocksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_guard_v1_BlockList__Output>): grpc.ClientUnaryCall;
  listBlocks(argument: _otp_guard_v1_ListBlocksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_BlockList__Output>): grpc.ClientUnaryCall;
  listBlocks(argument: _otp_guard_v1_ListBlocksRequest, callback: grpc.requestCallback<_otp_guard_v1_BlockList__Output>): grpc.ClientUnaryCall;
  
  UpdateSettings(argument: _otp_guard_v1_UpdateFraudSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  UpdateSettings(argument: _otp_guard_v1_UpdateFraudSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  UpdateSettings(argument: _otp_guard_v1_UpdateFraudSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  UpdateSettings(argument: _otp_guard_v1_UpdateFraudSettingsRequest, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_guard_v1_UpdateFraudSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_guard_v1_UpdateFraudSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_guard_v1_UpdateFraudSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_guard_v1_UpdateFraudSettingsRequest, callback: grpc.requestCallback<_otp_guard_v1_FraudSettings__Output>): grpc.ClientUnaryCall;
  
}

export interface GuardHandlers extends grpc.UntypedServiceImplementation {
  Admit: grpc.handleUnaryCall<_otp_guard_v1_AdmitRequest__Output, _otp_guard_v1_AdmitResult>;
  
  Forget: grpc.handleUnaryCall<_otp_guard_v1_ForgetRequest__Output, _otp_guard_v1_ForgetResult>;
  
  GetSettings: grpc.handleUnaryCall<_otp_guard_v1_GetFraudSettingsRequest__Output, _otp_guard_v1_FraudSettings>;
  
  LiftBlock: grpc.handleUnaryCall<_otp_guard_v1_LiftBlockRequest__Output, _otp_guard_v1_LiftBlockResult>;
  
  ListBlocks: grpc.handleUnaryCall<_otp_guard_v1_ListBlocksRequest__Output, _otp_guard_v1_BlockList>;
  
  UpdateSettings: grpc.handleUnaryCall<_otp_guard_v1_UpdateFraudSettingsRequest__Output, _otp_guard_v1_FraudSettings>;
  
}

export interface GuardDefinition extends grpc.ServiceDefinition {
  Admit: MethodDefinition<_otp_guard_v1_AdmitRequest, _otp_guard_v1_AdmitResult, _otp_guard_v1_AdmitRequest__Output, _otp_guard_v1_AdmitResult__Output>
  Forget: MethodDefinition<_otp_guard_v1_ForgetRequest, _otp_guard_v1_ForgetResult, _otp_guard_v1_ForgetRequest__Output, _otp_guard_v1_ForgetResult__Output>
  GetSettings: MethodDefinition<_otp_guard_v1_GetFraudSettingsRequest, _otp_guard_v1_FraudSettings, _otp_guard_v1_GetFraudSettingsRequest__Output, _otp_guard_v1_FraudSettings__Output>
  LiftBlock: MethodDefinition<_otp_guard_v1_LiftBlockRequest, _otp_guard_v1_LiftBlockResult, _otp_guard_v1_LiftBlockRequest__Output, _otp_guard_v1_LiftBlockResult__Output>
  ListBlocks: MethodDefinition<_otp_guard_v1_ListBlocksRequest, _otp_guard_v1_BlockList, _otp_guard_v1_ListBlocksRequest__Output, _otp_guard_v1_BlockList__Output>
  UpdateSettings: MethodDefinition<_otp_guard_v1_UpdateFraudSettingsRequest, _otp_guard_v1_FraudSettings, _otp_guard_v1_UpdateFraudSettingsRequest__Output, _otp_guard_v1_FraudSettings__Output>
}
