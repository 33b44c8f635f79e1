// Original file: messenger.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CodeMessage as _otp_messenger_v1_CodeMessage, CodeMessage__Output as _otp_messenger_v1_CodeMessage__Output } from '../../../otp/messenger/v1/CodeMessage';
import type { CodeMessagePage as _otp_messenger_v1_CodeMessagePage, CodeMessagePage__Output as _otp_messenger_v1_CodeMessagePage__Output } from '../../../otp/messenger/v1/CodeMessagePage';
import type { GetCodeRequest as _otp_messenger_v1_GetCodeRequest, GetCodeRequest__Output as _otp_messenger_v1_GetCodeRequest__Output } from '../../../otp/messenger/v1/GetCodeRequest';
import type { GetMessengerSettingsRequest as _otp_messenger_v1_GetMessengerSettingsRequest, GetMessengerSettingsRequest__Output as _otp_messenger_v1_GetMessengerSettingsRequest__Output } from '../../../otp/messenger/v1/GetMessengerSettingsRequest';
import type { ListCodesRequest as _otp_messenger_v1_ListCodesRequest, ListCodesRequest__Output as _otp_messenger_v1_ListCodesRequest__Output } from '../../../otp/messenger/v1/ListCodesRequest';
import type { MessengerSettings as _otp_messenger_v1_MessengerSettings, MessengerSettings__Output as _otp_messenger_v1_MessengerSettings__Output } from '../../../otp/messenger/v1/MessengerSettings';
import type { ProviderReport as _otp_messenger_v1_ProviderReport, ProviderReport__Output as _otp_messenger_v1_ProviderReport__Output } from '../../../otp/messenger/v1/ProviderReport';
import type { ProviderReportAck as _otp_messenger_v1_ProviderReportAck, ProviderReportAck__Output as _otp_messenger_v1_ProviderReportAck__Output } from '../../../otp/messenger/v1/ProviderReportAck';
import type { SendCodeRequest as _otp_messenger_v1_SendCodeRequest, SendCodeRequest__Output as _otp_messenger_v1_SendCodeRequest__Output } from '../../../otp/messenger/v1/SendCodeRequest';
import type { SettleCodeRequest as _otp_messenger_v1_SettleCodeRequest, SettleCodeRequest__Output as _otp_messenger_v1_SettleCodeRequest__Output } from '../../../otp/messenger/v1/SettleCodeRequest';
import type { UpdateMessengerSettingsRequest as _otp_messenger_v1_UpdateMessengerSettingsRequest, UpdateMessengerSettingsRequest__Output as _otp_messenger_v1_UpdateMessengerSettingsRequest__Output } from '../../../otp/messenger/v1/UpdateMessengerSettingsRequest';
import type { VerifyCodeRequest as _otp_messenger_v1_VerifyCodeRequest, VerifyCodeRequest__Output as _otp_messenger_v1_VerifyCodeRequest__Output } from '../../../otp/messenger/v1/VerifyCodeRequest';
import type { VerifyCodeResult as _otp_messenger_v1_VerifyCodeResult, VerifyCodeResult__Output as _otp_messenger_v1_VerifyCodeResult__Output } from '../../../otp/messenger/v1/VerifyCodeResult';

export interface MessengerClient extends grpc.Client {
  ApplyProviderReport(argument: _otp_messenger_v1_ProviderReport, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_ProviderReportAck__Output>): grpc.ClientUnaryCall;
  ApplyProviderReport(argument: _otp_messenger_v1_ProviderReport, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_ProviderReportAck__Output>): grpc.ClientUnaryCall;
  ApplyProviderReport(argument: _otp_messenger_v1_ProviderReport, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_ProviderReportAck__Output>): grpc.ClientUnaryCall;
  ApplyProviderReport(argument: _otp_messenger_v1_ProviderReport, callback: grpc.requestCallback<_otp_messenger_v1_ProviderReportAck__Output>): grpc.ClientUnaryCall;
  applyProviderReport(argument: _otp_messenger_v1_ProviderReport, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_ProviderReportAck__Output>): grpc.ClientUnaryCall;
  applyProviderReport(argument: _otp_messenger_v1_ProviderReport, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_ProviderReportAck__Output>): grpc.ClientUnaryCall;
  applyProviderReport(argument: _otp_messenger_v1_ProviderReport, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_ProviderReportAck__Output>): grpc.ClientUnaryCall;
  applyProviderReport(argument: _otp_messenger_v1_ProviderReport, callback: grpc.requestCallback<_otp_messenger_v1_ProviderReportAck__Output>): grpc.ClientUnaryCall;
  
  Get(argument: _otp_messenger_v1_GetCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  Get(argument: _otp_messenger_v1_GetCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  Get(argument: _otp_messenger_v1_GetCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  Get(argument: _otp_messenger_v1_GetCodeRequest, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  get(argument: _otp_messenger_v1_GetCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  get(argument: _otp_messenger_v1_GetCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  get(argument: _otp_messenger_v1_GetCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  get(argument: _otp_messenger_v1_GetCodeRequest, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  
  GetSettings(argument: _otp_messenger_v1_GetMessengerSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  GetSettings(argument: _otp_messenger_v1_GetMessengerSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  GetSettings(argument: _otp_messenger_v1_GetMessengerSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  GetSettings(argument: _otp_messenger_v1_GetMessengerSettingsRequest, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_messenger_v1_GetMessengerSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_messenger_v1_GetMessengerSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_messenger_v1_GetMessengerSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_messenger_v1_GetMessengerSettingsRequest, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  
  List(argument: _otp_messenger_v1_ListCodesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessagePage__Output>): grpc.ClientUnaryCall;
  List(argument: _otp_messenger_v1_ListCodesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessagePage__Output>): grpc.ClientUnaryCall;
  List(argument: _otp_messenger_v1_ListCodesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessagePage__Output>): grpc.ClientUnaryCall;
  List(argument: _otp_messenger_v1_ListCodesRequest, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessagePage__Output>): grpc.ClientUnaryCall;
  list(argument: _otp_messenger_v1_ListCodesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessagePage__Output>): grpc.ClientUnaryCall;
  list(argument: _otp_messenger_v1_ListCodesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessagePage__Output>): grpc.ClientUnaryCall;
  list(argument: _otp_messenger_v1_ListCodesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessagePage__Output>): grpc.ClientUnaryCall;
  list(argument: _otp_messenger_v1_ListCodesRequest, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessagePage__Output>): grpc.ClientUnaryCall;
  
  Send(argument: _otp_messenger_v1_SendCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  Send(argument: _otp_messenger_v1_SendCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  Send(argument: _otp_messenger_v1_SendCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  Send(argument: _otp_messenger_v1_SendCodeRequest, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  send(argument: _otp_messenger_v1_SendCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  send(argument: _otp_messenger_v1_SendCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  send(argument: _otp_messenger_v1_SendCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  send(argument: _otp_messenger_v1_SendCodeRequest, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  
  Settle(argument: _otp_messenger_v1_SettleCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  Settle(argument: _otp_messenger_v1_SettleCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  Settle(argument: _otp_messenger_v1_SettleCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  Settle(argument: _otp_messenger_v1_SettleCodeRequest, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  settle(argument: _otp_messenger_v1_SettleCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  settle(argument: _otp_messenger_v1_SettleCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  settle(argument: _otp_messenger_v1_SettleCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  settle(argument: _otp_messenger_v1_SettleCodeRequest, callback: grpc.requestCallback<_otp_messenger_v1_CodeMessage__Output>): grpc.ClientUnaryCall;
  
  UpdateSettings(argument: _otp_messenger_v1_UpdateMessengerSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  UpdateSettings(argument: _otp_messenger_v1_UpdateMessengerSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  UpdateSettings(argument: _otp_messenger_v1_UpdateMessengerSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  UpdateSettings(argument: _otp_messenger_v1_UpdateMessengerSettingsRequest, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_messenger_v1_UpdateMessengerSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_messenger_v1_UpdateMessengerSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_messenger_v1_UpdateMessengerSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_messenger_v1_UpdateMessengerSettingsRequest, callback: grpc.requestCallback<_otp_messenger_v1_MessengerSettings__Output>): grpc.ClientUnaryCall;
  
  VerifyCode(argument: _otp_messenger_v1_VerifyCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_VerifyCodeResult__Output>): grpc.ClientUnaryCall;
  VerifyCode(argument: _otp_messenger_v1_VerifyCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_VerifyCodeResult__Output>): grpc.ClientUnaryCall;
  VerifyCode(argument: _otp_messenger_v1_VerifyCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_VerifyCodeResult__Output>): grpc.ClientUnaryCall;
  VerifyCode(argument: _otp_messenger_v1_VerifyCodeRequest, callback: grpc.requestCallback<_otp_messenger_v1_VerifyCodeResult__Output>): grpc.ClientUnaryCall;
  verifyCode(argument: _otp_messenger_v1_VerifyCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_VerifyCodeResult__Output>): grpc.ClientUnaryCall;
  verifyCode(argument: _otp_messenger_v1_VerifyCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_messenger_v1_VerifyCodeResult__Output>): grpc.ClientUnaryCall;
  verifyCode(argument: _otp_messenger_v1_VerifyCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_messenger_v1_VerifyCodeResult__Output>): grpc.ClientUnaryCall;
  verifyCode(argument: _otp_messenger_v1_VerifyCodeRequest, callback: grpc.requestCallback<_otp_messenger_v1_VerifyCodeResult__Output>): grpc.ClientUnaryCall;
  
}

export interface MessengerHandlers extends grpc.UntypedServiceImplementation {
  ApplyProviderReport: grpc.handleUnaryCall<_otp_messenger_v1_ProviderReport__Output, _otp_messenger_v1_ProviderReportAck>;
  
  Get: grpc.handleUnaryCall<_otp_messenger_v1_GetCodeRequest__Output, _otp_messenger_v1_CodeMessage>;
  
  GetSettings: grpc.handleUnaryCall<_otp_messenger_v1_GetMessengerSettingsRequest__Output, _otp_messenger_v1_MessengerSettings>;
  
  List: grpc.handleUnaryCall<_otp_messenger_v1_ListCodesRequest__Output, _otp_messenger_v1_CodeMessagePage>;
  
  Send: grpc.handleUnaryCall<_otp_messenger_v1_SendCodeRequest__Output, _otp_messenger_v1_CodeMessage>;
  
  Settle: grpc.handleUnaryCall<_otp_messenger_v1_SettleCodeRequest__Output, _otp_messenger_v1_CodeMessage>;
  
  UpdateSettings: grpc.handleUnaryCall<_otp_messenger_v1_UpdateMessengerSettingsRequest__Output, _otp_messenger_v1_MessengerSettings>;
  
  VerifyCode: grpc.handleUnaryCall<_otp_messenger_v1_VerifyCodeRequest__Output, _otp_messenger_v1_VerifyCodeResult>;
  
}

export interface MessengerDefinition extends grpc.ServiceDefinition {
  ApplyProviderReport: MethodDefinition<_otp_messenger_v1_ProviderReport, _otp_messenger_v1_ProviderReportAck, _otp_messenger_v1_ProviderReport__Output, _otp_messenger_v1_ProviderReportAck__Output>
  Get: MethodDefinition<_otp_messenger_v1_GetCodeRequest, _otp_messenger_v1_CodeMessage, _otp_messenger_v1_GetCodeRequest__Output, _otp_messenger_v1_CodeMessage__Output>
  GetSettings: MethodDefinition<_otp_messenger_v1_GetMessengerSettingsRequest, _otp_messenger_v1_MessengerSettings, _otp_messenger_v1_GetMessengerSettingsRequest__Output, _otp_messenger_v1_MessengerSettings__Output>
  List: MethodDefinition<_otp_messenger_v1_ListCodesRequest, _otp_messenger_v1_CodeMessagePage, _otp_messenger_v1_ListCodesRequest__Output, _otp_messenger_v1_CodeMessagePage__Output>
  Send: MethodDefinition<_otp_messenger_v1_SendCodeRequest, _otp_messenger_v1_CodeMessage, _otp_messenger_v1_SendCodeRequest__Output, _otp_messenger_v1_CodeMessage__Output>
  Settle: MethodDefinition<_otp_messenger_v1_SettleCodeRequest, _otp_messenger_v1_CodeMessage, _otp_messenger_v1_SettleCodeRequest__Output, _otp_messenger_v1_CodeMessage__Output>
  UpdateSettings: MethodDefinition<_otp_messenger_v1_UpdateMessengerSettingsRequest, _otp_messenger_v1_MessengerSettings, _otp_messenger_v1_UpdateMessengerSettingsRequest__Output, _otp_messenger_v1_MessengerSettings__Output>
  VerifyCode: MethodDefinition<_otp_messenger_v1_VerifyCodeRequest, _otp_messenger_v1_VerifyCodeResult, _otp_messenger_v1_VerifyCodeRequest__Output, _otp_messenger_v1_VerifyCodeResult__Output>
}
