// Original file: verify.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CheckResult as _otp_verify_v1_CheckResult, CheckResult__Output as _otp_verify_v1_CheckResult__Output } from '../../../otp/verify/v1/CheckResult';
import type { CheckVerificationRequest as _otp_verify_v1_CheckVerificationRequest, CheckVerificationRequest__Output as _otp_verify_v1_CheckVerificationRequest__Output } from '../../../otp/verify/v1/CheckVerificationRequest';
import type { DailyStatsPage as _otp_verify_v1_DailyStatsPage, DailyStatsPage__Output as _otp_verify_v1_DailyStatsPage__Output } from '../../../otp/verify/v1/DailyStatsPage';
import type { DailyStatsRequest as _otp_verify_v1_DailyStatsRequest, DailyStatsRequest__Output as _otp_verify_v1_DailyStatsRequest__Output } from '../../../otp/verify/v1/DailyStatsRequest';
import type { GetVerificationRequest as _otp_verify_v1_GetVerificationRequest, GetVerificationRequest__Output as _otp_verify_v1_GetVerificationRequest__Output } from '../../../otp/verify/v1/GetVerificationRequest';
import type { GetVerifySettingsRequest as _otp_verify_v1_GetVerifySettingsRequest, GetVerifySettingsRequest__Output as _otp_verify_v1_GetVerifySettingsRequest__Output } from '../../../otp/verify/v1/GetVerifySettingsRequest';
import type { ListVerificationsRequest as _otp_verify_v1_ListVerificationsRequest, ListVerificationsRequest__Output as _otp_verify_v1_ListVerificationsRequest__Output } from '../../../otp/verify/v1/ListVerificationsRequest';
import type { StartVerificationRequest as _otp_verify_v1_StartVerificationRequest, StartVerificationRequest__Output as _otp_verify_v1_StartVerificationRequest__Output } from '../../../otp/verify/v1/StartVerificationRequest';
import type { UpdateVerifySettingsRequest as _otp_verify_v1_UpdateVerifySettingsRequest, UpdateVerifySettingsRequest__Output as _otp_verify_v1_UpdateVerifySettingsRequest__Output } from '../../../otp/verify/v1/UpdateVerifySettingsRequest';
import type { Verification as _otp_verify_v1_Verification, Verification__Output as _otp_verify_v1_Verification__Output } from '../../../otp/verify/v1/Verification';
import type { VerificationPage as _otp_verify_v1_VerificationPage, VerificationPage__Output as _otp_verify_v1_VerificationPage__Output } from '../../../otp/verify/v1/VerificationPage';
import type { VerifySettings as _otp_verify_v1_VerifySettings, VerifySettings__Output as _otp_verify_v1_VerifySettings__Output } from '../../../otp/verify/v1/VerifySettings';

export interface VerifyClient extends grpc.Client {
  Check(argument: _otp_verify_v1_CheckVerificationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_CheckResult__Output>): grpc.ClientUnaryCall;
  Check(argument: _otp_verify_v1_CheckVerificationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_verify_v1_CheckResult__Output>): grpc.ClientUnaryCall;
  Check(argument: _otp_verify_v1_CheckVerificationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_CheckResult__Output>): grpc.ClientUnaryCall;
  Check(argument: _otp_verify_v1_CheckVerificationRequest, callback: grpc.requestCallback<_otp_verify_v1_CheckResult__Output>): grpc.ClientUnaryCall;
  check(argument: _otp_verify_v1_CheckVerificationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_CheckResult__Output>): grpc.ClientUnaryCall;
  check(argument: _otp_verify_v1_CheckVerificationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_verify_v1_CheckResult__Output>): grpc.ClientUnaryCall;
  check(argument: _otp_verify_v1_CheckVerificationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_CheckResult__Output>): grpc.ClientUnaryCall;
  check(argument: _otp_verify_v1_CheckVerificationRequest, callback: grpc.requestCallback<_otp_verify_v1_CheckResult__Output>): grpc.ClientUnaryCall;
  
  DailyStats(argument: _otp_verify_v1_DailyStatsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_DailyStatsPage__Output>): grpc.ClientUnaryCall;
  DailyStats(argument: _otp_verify_v1_DailyStatsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_verify_v1_DailyStatsPage__Output>): grpc.ClientUnaryCall;
  DailyStats(argument: _otp_verify_v1_DailyStatsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_DailyStatsPage__Output>): grpc.ClientUnaryCall;
  DailyStats(argument: _otp_verify_v1_DailyStatsRequest, callback: grpc.requestCallback<_otp_verify_v1_DailyStatsPage__Output>): grpc.ClientUnaryCall;
  dailyStats(argument: _otp_verify_v1_DailyStatsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_DailyStatsPage__Output>): grpc.ClientUnaryCall;
  dailyStats(argument: _otp_verify_v1_DailyStatsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_verify_v1_DailyStatsPage__Output>): grpc.ClientUnaryCall;
  dailyStats(argument: _otp_verify_v1_DailyStatsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_DailyStatsPage__Output>): grpc.ClientUnaryCall;
  dailyStats(argument: _otp_verify_v1_DailyStatsRequest, callback: grpc.requestCallback<_otp_verify_v1_DailyStatsPage__Output>): grpc.ClientUnaryCall;
  
  Get(argument: _otp_verify_v1_GetVerificationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  Get(argument: _otp_verify_v1_GetVerificationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  Get(argument: _otp_verify_v1_GetVerificationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  Get(argument: _otp_verify_v1_GetVerificationRequest, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  get(argument: _otp_verify_v1_GetVerificationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  get(argument: _otp_verify_v1_GetVerificationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  get(argument: _otp_verify_v1_GetVerificationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  get(argument: _otp_verify_v1_GetVerificationRequest, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  
  GetSettings(argument: _otp_verify_v1_GetVerifySettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  GetSettings(argument: _otp_verify_v1_GetVerifySettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  GetSettings(argument: _otp_verify_v1_GetVerifySettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  GetSettings(argument: _otp_verify_v1_GetVerifySettingsRequest, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_verify_v1_GetVerifySettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_verify_v1_GetVerifySettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_verify_v1_GetVerifySettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_verify_v1_GetVerifySettingsRequest, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  
  List(argument: _otp_verify_v1_ListVerificationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_VerificationPage__Output>): grpc.ClientUnaryCall;
  List(argument: _otp_verify_v1_ListVerificationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_verify_v1_VerificationPage__Output>): grpc.ClientUnaryCall;
  List(argument: _otp_verify_v1_ListVerificationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_VerificationPage__Output>): grpc.ClientUnaryCall;
  List(argument: _otp_verify_v1_ListVerificationsRequest, callback: grpc.requestCallback<_otp_verify_v1_VerificationPage__Output>): grpc.ClientUnaryCall;
  list(argument: _otp_verify_v1_ListVerificationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_VerificationPage__Output>): grpc.ClientUnaryCall;
  list(argument: _otp_verify_v1_ListVerificationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_verify_v1_VerificationPage__Output>): grpc.ClientUnaryCall;
  list(argument: _otp_verify_v1_ListVerificationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_VerificationPage__Output>): grpc.ClientUnaryCall;
  list(argument: _otp_verify_v1_ListVerificationsRequest, callback: grpc.requestCallback<_otp_verify_v1_VerificationPage__Output>): grpc.ClientUnaryCall;
  
  Start(argument: _otp_verify_v1_StartVerificationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  Start(argument: _otp_verify_v1_StartVerificationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  Start(argument: _otp_verify_v1_StartVerificationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  Start(argument: _otp_verify_v1_StartVerificationRequest, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  start(argument: _otp_verify_v1_StartVerificationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  start(argument: _otp_verify_v1_StartVerificationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  start(argument: _otp_verify_v1_StartVerificationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  start(argument: _otp_verify_v1_StartVerificationRequest, callback: grpc.requestCallback<_otp_verify_v1_Verification__Output>): grpc.ClientUnaryCall;
  
  UpdateSettings(argument: _otp_verify_v1_UpdateVerifySettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  UpdateSettings(argument: _otp_verify_v1_UpdateVerifySettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  UpdateSettings(argument: _otp_verify_v1_UpdateVerifySettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  UpdateSettings(argument: _otp_verify_v1_UpdateVerifySettingsRequest, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_verify_v1_UpdateVerifySettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_verify_v1_UpdateVerifySettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_verify_v1_UpdateVerifySettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_verify_v1_UpdateVerifySettingsRequest, callback: grpc.requestCallback<_otp_verify_v1_VerifySettings__Output>): grpc.ClientUnaryCall;
  
}

export interface VerifyHandlers extends grpc.UntypedServiceImplementation {
  Check: grpc.handleUnaryCall<_otp_verify_v1_CheckVerificationRequest__Output, _otp_verify_v1_CheckResult>;
  
  DailyStats: grpc.handleUnaryCall<_otp_verify_v1_DailyStatsRequest__Output, _otp_verify_v1_DailyStatsPage>;
  
  Get: grpc.handleUnaryCall<_otp_verify_v1_GetVerificationRequest__Output, _otp_verify_v1_Verification>;
  
  GetSettings: grpc.handleUnaryCall<_otp_verify_v1_GetVerifySettingsRequest__Output, _otp_verify_v1_VerifySettings>;
  
  List: grpc.handleUnaryCall<_otp_verify_v1_ListVerificationsRequest__Output, _otp_verify_v1_VerificationPage>;
  
  Start: grpc.handleUnaryCall<_otp_verify_v1_StartVerificationRequest__Output, _otp_verify_v1_Verification>;
  
  UpdateSettings: grpc.handleUnaryCall<_otp_verify_v1_UpdateVerifySettingsRequest__Output, _otp_verify_v1_VerifySettings>;
  
}

export interface VerifyDefinition extends grpc.ServiceDefinition {
  Check: MethodDefinition<_otp_verify_v1_CheckVerificationRequest, _otp_verify_v1_CheckResult, _otp_verify_v1_CheckVerificationRequest__Output, _otp_verify_v1_CheckResult__Output>
  DailyStats: MethodDefinition<_otp_verify_v1_DailyStatsRequest, _otp_verify_v1_DailyStatsPage, _otp_verify_v1_DailyStatsRequest__Output, _otp_verify_v1_DailyStatsPage__Output>
  Get: MethodDefinition<_otp_verify_v1_GetVerificationRequest, _otp_verify_v1_Verification, _otp_verify_v1_GetVerificationRequest__Output, _otp_verify_v1_Verification__Output>
  GetSettings: MethodDefinition<_otp_verify_v1_GetVerifySettingsRequest, _otp_verify_v1_VerifySettings, _otp_verify_v1_GetVerifySettingsRequest__Output, _otp_verify_v1_VerifySettings__Output>
  List: MethodDefinition<_otp_verify_v1_ListVerificationsRequest, _otp_verify_v1_VerificationPage, _otp_verify_v1_ListVerificationsRequest__Output, _otp_verify_v1_VerificationPage__Output>
  Start: MethodDefinition<_otp_verify_v1_StartVerificationRequest, _otp_verify_v1_Verification, _otp_verify_v1_StartVerificationRequest__Output, _otp_verify_v1_Verification__Output>
  UpdateSettings: MethodDefinition<_otp_verify_v1_UpdateVerifySettingsRequest, _otp_verify_v1_VerifySettings, _otp_verify_v1_UpdateVerifySettingsRequest__Output, _otp_verify_v1_VerifySettings__Output>
}
