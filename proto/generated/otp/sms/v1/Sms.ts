// Original file: sms.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ApproveSenderIdRequest as _otp_sms_v1_ApproveSenderIdRequest, ApproveSenderIdRequest__Output as _otp_sms_v1_ApproveSenderIdRequest__Output } from '../../../otp/sms/v1/ApproveSenderIdRequest';
import type { GetSmsRequest as _otp_sms_v1_GetSmsRequest, GetSmsRequest__Output as _otp_sms_v1_GetSmsRequest__Output } from '../../../otp/sms/v1/GetSmsRequest';
import type { GetSmsSettingsRequest as _otp_sms_v1_GetSmsSettingsRequest, GetSmsSettingsRequest__Output as _otp_sms_v1_GetSmsSettingsRequest__Output } from '../../../otp/sms/v1/GetSmsSettingsRequest';
import type { ListSenderIdsRequest as _otp_sms_v1_ListSenderIdsRequest, ListSenderIdsRequest__Output as _otp_sms_v1_ListSenderIdsRequest__Output } from '../../../otp/sms/v1/ListSenderIdsRequest';
import type { RequestSenderIdRequest as _otp_sms_v1_RequestSenderIdRequest, RequestSenderIdRequest__Output as _otp_sms_v1_RequestSenderIdRequest__Output } from '../../../otp/sms/v1/RequestSenderIdRequest';
import type { SendSmsRequest as _otp_sms_v1_SendSmsRequest, SendSmsRequest__Output as _otp_sms_v1_SendSmsRequest__Output } from '../../../otp/sms/v1/SendSmsRequest';
import type { SenderId as _otp_sms_v1_SenderId, SenderId__Output as _otp_sms_v1_SenderId__Output } from '../../../otp/sms/v1/SenderId';
import type { SenderIdList as _otp_sms_v1_SenderIdList, SenderIdList__Output as _otp_sms_v1_SenderIdList__Output } from '../../../otp/sms/v1/SenderIdList';
import type { SmsMessage as _otp_sms_v1_SmsMessage, SmsMessage__Output as _otp_sms_v1_SmsMessage__Output } from '../../../otp/sms/v1/SmsMessage';
import type { SmsSettings as _otp_sms_v1_SmsSettings, SmsSettings__Output as _otp_sms_v1_SmsSettings__Output } from '../../../otp/sms/v1/SmsSettings';
import type { UpdateSmsSettingsRequest as _otp_sms_v1_UpdateSmsSettingsRequest, UpdateSmsSettingsRequest__Output as _otp_sms_v1_UpdateSmsSettingsRequest__Output } from '../../../otp/sms/v1/UpdateSmsSettingsRequest';

export interface SmsClient extends grpc.Client {
  ApproveSenderId(argument: _otp_sms_v1_ApproveSenderIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  ApproveSenderId(argument: _otp_sms_v1_ApproveSenderIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  ApproveSenderId(argument: _otp_sms_v1_ApproveSenderIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  ApproveSenderId(argument: _otp_sms_v1_ApproveSenderIdRequest, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  approveSenderId(argument: _otp_sms_v1_ApproveSenderIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  approveSenderId(argument: _otp_sms_v1_ApproveSenderIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  approveSenderId(argument: _otp_sms_v1_ApproveSenderIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  approveSenderId(argument: _otp_sms_v1_ApproveSenderIdRequest, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  
  Get(argument: _otp_sms_v1_GetSmsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  Get(argument: _otp_sms_v1_GetSmsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  Get(argument: _otp_sms_v1_GetSmsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  Get(argument: _otp_sms_v1_GetSmsRequest, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  get(argument: _otp_sms_v1_GetSmsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  get(argument: _otp_sms_v1_GetSmsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  get(argument: _otp_sms_v1_GetSmsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  get(argument: _otp_sms_v1_GetSmsRequest, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  
  GetSettings(argument: _otp_sms_v1_GetSmsSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  GetSettings(argument: _otp_sms_v1_GetSmsSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  GetSettings(argument: _otp_sms_v1_GetSmsSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  GetSettings(argument: _otp_sms_v1_GetSmsSettingsRequest, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_sms_v1_GetSmsSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_sms_v1_GetSmsSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_sms_v1_GetSmsSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  getSettings(argument: _otp_sms_v1_GetSmsSettingsRequest, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  
  ListSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  ListSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  ListSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  ListSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  listSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  listSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  listSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  listSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  
  RequestSenderId(argument: _otp_sms_v1_RequestSenderIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  RequestSenderId(argument: _otp_sms_v1_RequestSenderIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  RequestSenderId(argument: _otp_sms_v1_RequestSenderIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  RequestSenderId(argument: _otp_sms_v1_RequestSenderIdRequest, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  requestSenderId(argument: _otp_sms_v1_RequestSenderIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  requestSenderId(argument: _otp_sms_v1_RequestSenderIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  requestSenderId(argument: _otp_sms_v1_RequestSenderIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  requestSenderId(argument: _otp_sms_v1_RequestSenderIdRequest, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  
  Send(argument: _otp_sms_v1_SendSmsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  Send(argument: _otp_sms_v1_SendSmsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  Send(argument: _otp_sms_v1_SendSmsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  Send(argument: _otp_sms_v1_SendSmsRequest, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  send(argument: _otp_sms_v1_SendSmsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  send(argument: _otp_sms_v1_SendSmsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  send(argument: _otp_sms_v1_SendSmsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  send(argument: _otp_sms_v1_SendSmsRequest, callback: grpc.requestCallback<_otp_sms_v1_SmsMessage__Output>): grpc.ClientUnaryCall;
  
  UpdateSettings(argument: _otp_sms_v1_UpdateSmsSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  UpdateSettings(argument: _otp_sms_v1_UpdateSmsSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  UpdateSettings(argument: _otp_sms_v1_UpdateSmsSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  UpdateSettings(argument: _otp_sms_v1_UpdateSmsSettingsRequest, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_sms_v1_UpdateSmsSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_sms_v1_UpdateSmsSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_sms_v1_UpdateSmsSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  updateSettings(argument: _otp_sms_v1_UpdateSmsSettingsRequest, callback: grpc.requestCallback<_otp_sms_v1_SmsSettings__Output>): grpc.ClientUnaryCall;
  
}

export interface SmsHandlers extends grpc.UntypedServiceImplementation {
  ApproveSenderId: grpc.handleUnaryCall<_otp_sms_v1_ApproveSenderIdRequest__Output, _otp_sms_v1_SenderId>;
  
  Get: grpc.handleUnaryCall<_otp_sms_v1_GetSmsRequest__Output, _otp_sms_v1_SmsMessage>;
  
  GetSettings: grpc.handleUnaryCall<_otp_sms_v1_GetSmsSettingsRequest__Output, _otp_sms_v1_SmsSettings>;
  
  ListSenderIds: grpc.handleUnaryCall<_otp_sms_v1_ListSenderIdsRequest__Output, _otp_sms_v1_SenderIdList>;
  
  RequestSenderId: grpc.handleUnaryCall<_otp_sms_v1_RequestSenderIdRequest__Output, _otp_sms_v1_SenderId>;
  
  Send: grpc.handleUnaryCall<_otp_sms_v1_SendSmsRequest__Output, _otp_sms_v1_SmsMessage>;
  
  UpdateSettings: grpc.handleUnaryCall<_otp_sms_v1_UpdateSmsSettingsRequest__Output, _otp_sms_v1_SmsSettings>;
  
}

export interface SmsDefinition extends grpc.ServiceDefinition {
  ApproveSenderId: MethodDefinition<_otp_sms_v1_ApproveSenderIdRequest, _otp_sms_v1_SenderId, _otp_sms_v1_ApproveSenderIdRequest__Output, _otp_sms_v1_SenderId__Output>
  Get: MethodDefinition<_otp_sms_v1_GetSmsRequest, _otp_sms_v1_SmsMessage, _otp_sms_v1_GetSmsRequest__Output, _otp_sms_v1_SmsMessage__Output>
  GetSettings: MethodDefinition<_otp_sms_v1_GetSmsSettingsRequest, _otp_sms_v1_SmsSettings, _otp_sms_v1_GetSmsSettingsRequest__Output, _otp_sms_v1_SmsSettings__Output>
  ListSenderIds: MethodDefinition<_otp_sms_v1_ListSenderIdsRequest, _otp_sms_v1_SenderIdList, _otp_sms_v1_ListSenderIdsRequest__Output, _otp_sms_v1_SenderIdList__Output>
  RequestSenderId: MethodDefinition<_otp_sms_v1_RequestSenderIdRequest, _otp_sms_v1_SenderId, _otp_sms_v1_RequestSenderIdRequest__Output, _otp_sms_v1_SenderId__Output>
  Send: MethodDefinition<_otp_sms_v1_SendSmsRequest, _otp_sms_v1_SmsMessage, _otp_sms_v1_SendSmsRequest__Output, _otp_sms_v1_SmsMessage__Output>
  UpdateSettings: MethodDefinition<_otp_sms_v1_UpdateSmsSettingsRequest, _otp_sms_v1_SmsSettings, _otp_sms_v1_UpdateSmsSettingsRequest__Output, _otp_sms_v1_SmsSettings__Output>
}
