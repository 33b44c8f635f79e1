// Original file: sms.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ApproveSenderIdRequest as _otp_sms_v1_ApproveSenderIdRequest, ApproveSenderIdRequest__Output as _otp_sms_v1_ApproveSenderIdRequest__Output } from '../../../otp/sms/v1/ApproveSenderIdRequest';
import type { CarrierList as _otp_sms_v1_CarrierList, CarrierList__Output as _otp_sms_v1_CarrierList__Output } from '../../../otp/sms/v1/CarrierList';
import type { GetSmsRequest as _otp_sms_v1_GetSmsRequest, GetSmsRequest__Output as _otp_sms_v1_GetSmsRequest__Output } from '../../../otp/sms/v1/GetSmsRequest';
import type { GetSmsSettingsRequest as _otp_sms_v1_GetSmsSettingsRequest, GetSmsSettingsRequest__Output as _otp_sms_v1_GetSmsSettingsRequest__Output } from '../../../otp/sms/v1/GetSmsSettingsRequest';
import type { ListCarriersRequest as _otp_sms_v1_ListCarriersRequest, ListCarriersRequest__Output as _otp_sms_v1_ListCarriersRequest__Output } from '../../../otp/sms/v1/ListCarriersRequest';
import type { ListSenderIdsRequest as _otp_sms_v1_ListSenderIdsRequest, ListSenderIdsRequest__Output as _otp_sms_v1_ListSenderIdsRequest__Output } from '../../../otp/sms/v1/ListSenderIdsRequest';
import type { ListSmsRequest as _otp_sms_v1_ListSmsRequest, ListSmsRequest__Output as _otp_sms_v1_ListSmsRequest__Output } from '../../../otp/sms/v1/ListSmsRequest';
import type { QuoteSmsRequest as _otp_sms_v1_QuoteSmsRequest, QuoteSmsRequest__Output as _otp_sms_v1_QuoteSmsRequest__Output } from '../../../otp/sms/v1/QuoteSmsRequest';
import type { RejectSenderIdRequest as _otp_sms_v1_RejectSenderIdRequest, RejectSenderIdRequest__Output as _otp_sms_v1_RejectSenderIdRequest__Output } from '../../../otp/sms/v1/RejectSenderIdRequest';
import type { RequestSenderIdRequest as _otp_sms_v1_RequestSenderIdRequest, RequestSenderIdRequest__Output as _otp_sms_v1_RequestSenderIdRequest__Output } from '../../../otp/sms/v1/RequestSenderIdRequest';
import type { SendSmsRequest as _otp_sms_v1_SendSmsRequest, SendSmsRequest__Output as _otp_sms_v1_SendSmsRequest__Output } from '../../../otp/sms/v1/SendSmsRequest';
import type { SenderId as _otp_sms_v1_SenderId, SenderId__Output as _otp_sms_v1_SenderId__Output } from '../../../otp/sms/v1/SenderId';
import type { SenderIdList as _otp_sms_v1_SenderIdList, SenderIdList__Output as _otp_sms_v1_SenderIdList__Output } from '../../../otp/sms/v1/SenderIdList';
import type { SmsMessage as _otp_sms_v1_SmsMessage, SmsMessage__Output as _otp_sms_v1_SmsMessage__Output } from '../../../otp/sms/v1/SmsMessage';
import type { SmsMessagePage as _otp_sms_v1_SmsMessagePage, SmsMessagePage__Output as _otp_sms_v1_SmsMessagePage__Output } from '../../../otp/sms/v1/SmsMessagePage';
import type { SmsQuote as _otp_sms_v1_SmsQuote, SmsQuote__Output as _otp_sms_v1_SmsQuote__Output } from '../../../otp/sms/v1/SmsQuote';
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
  
  ListCarriers(argument: _otp_sms_v1_ListCarriersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_CarrierList__Output>): grpc.ClientUnaryCall;
  ListCarriers(argument: _otp_sms_v1_ListCarriersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_CarrierList__Output>): grpc.ClientUnaryCall;
  ListCarriers(argument: _otp_sms_v1_ListCarriersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_CarrierList__Output>): grpc.ClientUnaryCall;
  ListCarriers(argument: _otp_sms_v1_ListCarriersRequest, callback: grpc.requestCallback<_otp_sms_v1_CarrierList__Output>): grpc.ClientUnaryCall;
  listCarriers(argument: _otp_sms_v1_ListCarriersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_CarrierList__Output>): grpc.ClientUnaryCall;
  listCarriers(argument: _otp_sms_v1_ListCarriersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_CarrierList__Output>): grpc.ClientUnaryCall;
  listCarriers(argument: _otp_sms_v1_ListCarriersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_CarrierList__Output>): grpc.ClientUnaryCall;
  listCarriers(argument: _otp_sms_v1_ListCarriersRequest, callback: grpc.requestCallback<_otp_sms_v1_CarrierList__Output>): grpc.ClientUnaryCall;
  
  ListMessages(argument: _otp_sms_v1_ListSmsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsMessagePage__Output>): grpc.ClientUnaryCall;
  ListMessages(argument: _otp_sms_v1_ListSmsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SmsMessagePage__Output>): grpc.ClientUnaryCall;
  ListMessages(argument: _otp_sms_v1_ListSmsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsMessagePage__Output>): grpc.ClientUnaryCall;
  ListMessages(argument: _otp_sms_v1_ListSmsRequest, callback: grpc.requestCallback<_otp_sms_v1_SmsMessagePage__Output>): grpc.ClientUnaryCall;
  listMessages(argument: _otp_sms_v1_ListSmsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsMessagePage__Output>): grpc.ClientUnaryCall;
  listMessages(argument: _otp_sms_v1_ListSmsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SmsMessagePage__Output>): grpc.ClientUnaryCall;
  listMessages(argument: _otp_sms_v1_ListSmsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsMessagePage__Output>): grpc.ClientUnaryCall;
  listMessages(argument: _otp_sms_v1_ListSmsRequest, callback: grpc.requestCallback<_otp_sms_v1_SmsMessagePage__Output>): grpc.ClientUnaryCall;
  
  ListSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  ListSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  ListSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  ListSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  listSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  listSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  listSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  listSenderIds(argument: _otp_sms_v1_ListSenderIdsRequest, callback: grpc.requestCallback<_otp_sms_v1_SenderIdList__Output>): grpc.ClientUnaryCall;
  
  Quote(argument: _otp_sms_v1_QuoteSmsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsQuote__Output>): grpc.ClientUnaryCall;
  Quote(argument: _otp_sms_v1_QuoteSmsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SmsQuote__Output>): grpc.ClientUnaryCall;
  Quote(argument: _otp_sms_v1_QuoteSmsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsQuote__Output>): grpc.ClientUnaryCall;
  Quote(argument: _otp_sms_v1_QuoteSmsRequest, callback: grpc.requestCallback<_otp_sms_v1_SmsQuote__Output>): grpc.ClientUnaryCall;
  quote(argument: _otp_sms_v1_QuoteSmsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsQuote__Output>): grpc.ClientUnaryCall;
  quote(argument: _otp_sms_v1_QuoteSmsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SmsQuote__Output>): grpc.ClientUnaryCall;
  quote(argument: _otp_sms_v1_QuoteSmsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SmsQuote__Output>): grpc.ClientUnaryCall;
  quote(argument: _otp_sms_v1_QuoteSmsRequest, callback: grpc.requestCallback<_otp_sms_v1_SmsQuote__Output>): grpc.ClientUnaryCall;
  
  RejectSenderId(argument: _otp_sms_v1_RejectSenderIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  RejectSenderId(argument: _otp_sms_v1_RejectSenderIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  RejectSenderId(argument: _otp_sms_v1_RejectSenderIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  RejectSenderId(argument: _otp_sms_v1_RejectSenderIdRequest, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  rejectSenderId(argument: _otp_sms_v1_RejectSenderIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  rejectSenderId(argument: _otp_sms_v1_RejectSenderIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  rejectSenderId(argument: _otp_sms_v1_RejectSenderIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  rejectSenderId(argument: _otp_sms_v1_RejectSenderIdRequest, callback: grpc.requestCallback<_otp_sms_v1_SenderId__Output>): grpc.ClientUnaryCall;
  
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
  
  ListCarriers: grpc.handleUnaryCall<_otp_sms_v1_ListCarriersRequest__Output, _otp_sms_v1_CarrierList>;
  
  ListMessages: grpc.handleUnaryCall<_otp_sms_v1_ListSmsRequest__Output, _otp_sms_v1_SmsMessagePage>;
  
  ListSenderIds: grpc.handleUnaryCall<_otp_sms_v1_ListSenderIdsRequest__Output, _otp_sms_v1_SenderIdList>;
  
  Quote: grpc.handleUnaryCall<_otp_sms_v1_QuoteSmsRequest__Output, _otp_sms_v1_SmsQuote>;
  
  RejectSenderId: grpc.handleUnaryCall<_otp_sms_v1_RejectSenderIdRequest__Output, _otp_sms_v1_SenderId>;
  
  RequestSenderId: grpc.handleUnaryCall<_otp_sms_v1_RequestSenderIdRequest__Output, _otp_sms_v1_SenderId>;
  
  Send: grpc.handleUnaryCall<_otp_sms_v1_SendSmsRequest__Output, _otp_sms_v1_SmsMessage>;
  
  UpdateSettings: grpc.handleUnaryCall<_otp_sms_v1_UpdateSmsSettingsRequest__Output, _otp_sms_v1_SmsSettings>;
  
}

export interface SmsDefinition extends grpc.ServiceDefinition {
  ApproveSenderId: MethodDefinition<_otp_sms_v1_ApproveSenderIdRequest, _otp_sms_v1_SenderId, _otp_sms_v1_ApproveSenderIdRequest__Output, _otp_sms_v1_SenderId__Output>
  Get: MethodDefinition<_otp_sms_v1_GetSmsRequest, _otp_sms_v1_SmsMessage, _otp_sms_v1_GetSmsRequest__Output, _otp_sms_v1_SmsMessage__Output>
  GetSettings: MethodDefinition<_otp_sms_v1_GetSmsSettingsRequest, _otp_sms_v1_SmsSettings, _otp_sms_v1_GetSmsSettingsRequest__Output, _otp_sms_v1_SmsSettings__Output>
  ListCarriers: MethodDefinition<_otp_sms_v1_ListCarriersRequest, _otp_sms_v1_CarrierList, _otp_sms_v1_ListCarriersRequest__Output, _otp_sms_v1_CarrierList__Output>
  ListMessages: MethodDefinition<_otp_sms_v1_ListSmsRequest, _otp_sms_v1_SmsMessagePage, _otp_sms_v1_ListSmsRequest__Output, _otp_sms_v1_SmsMessagePage__Output>
  ListSenderIds: MethodDefinition<_otp_sms_v1_ListSenderIdsRequest, _otp_sms_v1_SenderIdList, _otp_sms_v1_ListSenderIdsRequest__Output, _otp_sms_v1_SenderIdList__Output>
  Quote: MethodDefinition<_otp_sms_v1_QuoteSmsRequest, _otp_sms_v1_SmsQuote, _otp_sms_v1_QuoteSmsRequest__Output, _otp_sms_v1_SmsQuote__Output>
  RejectSenderId: MethodDefinition<_otp_sms_v1_RejectSenderIdRequest, _otp_sms_v1_SenderId, _otp_sms_v1_RejectSenderIdRequest__Output, _otp_sms_v1_SenderId__Output>
  RequestSenderId: MethodDefinition<_otp_sms_v1_RequestSenderIdRequest, _otp_sms_v1_SenderId, _otp_sms_v1_RequestSenderIdRequest__Output, _otp_sms_v1_SenderId__Output>
  Send: MethodDefinition<_otp_sms_v1_SendSmsRequest, _otp_sms_v1_SmsMessage, _otp_sms_v1_SendSmsRequest__Output, _otp_sms_v1_SmsMessage__Output>
  UpdateSettings: MethodDefinition<_otp_sms_v1_UpdateSmsSettingsRequest, _otp_sms_v1_SmsSettings, _otp_sms_v1_UpdateSmsSettingsRequest__Output, _otp_sms_v1_SmsSettings__Output>
}
