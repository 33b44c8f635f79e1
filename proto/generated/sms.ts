import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ApproveSenderIdRequest as _otp_sms_v1_ApproveSenderIdRequest, ApproveSenderIdRequest__Output as _otp_sms_v1_ApproveSenderIdRequest__Output } from './otp/sms/v1/ApproveSenderIdRequest';
import type { CarrierBind as _otp_sms_v1_CarrierBind, CarrierBind__Output as _otp_sms_v1_CarrierBind__Output } from './otp/sms/v1/CarrierBind';
import type { CarrierInfo as _otp_sms_v1_CarrierInfo, CarrierInfo__Output as _otp_sms_v1_CarrierInfo__Output } from './otp/sms/v1/CarrierInfo';
import type { CarrierList as _otp_sms_v1_CarrierList, CarrierList__Output as _otp_sms_v1_CarrierList__Output } from './otp/sms/v1/CarrierList';
import type { GetSmsRequest as _otp_sms_v1_GetSmsRequest, GetSmsRequest__Output as _otp_sms_v1_GetSmsRequest__Output } from './otp/sms/v1/GetSmsRequest';
import type { GetSmsSettingsRequest as _otp_sms_v1_GetSmsSettingsRequest, GetSmsSettingsRequest__Output as _otp_sms_v1_GetSmsSettingsRequest__Output } from './otp/sms/v1/GetSmsSettingsRequest';
import type { ListCarriersRequest as _otp_sms_v1_ListCarriersRequest, ListCarriersRequest__Output as _otp_sms_v1_ListCarriersRequest__Output } from './otp/sms/v1/ListCarriersRequest';
import type { ListSenderIdsRequest as _otp_sms_v1_ListSenderIdsRequest, ListSenderIdsRequest__Output as _otp_sms_v1_ListSenderIdsRequest__Output } from './otp/sms/v1/ListSenderIdsRequest';
import type { ListSmsRequest as _otp_sms_v1_ListSmsRequest, ListSmsRequest__Output as _otp_sms_v1_ListSmsRequest__Output } from './otp/sms/v1/ListSmsRequest';
import type { QuoteSmsRequest as _otp_sms_v1_QuoteSmsRequest, QuoteSmsRequest__Output as _otp_sms_v1_QuoteSmsRequest__Output } from './otp/sms/v1/QuoteSmsRequest';
import type { RejectSenderIdRequest as _otp_sms_v1_RejectSenderIdRequest, RejectSenderIdRequest__Output as _otp_sms_v1_RejectSenderIdRequest__Output } from './otp/sms/v1/RejectSenderIdRequest';
import type { RequestSenderIdRequest as _otp_sms_v1_RequestSenderIdRequest, RequestSenderIdRequest__Output as _otp_sms_v1_RequestSenderIdRequest__Output } from './otp/sms/v1/RequestSenderIdRequest';
import type { SendSmsRequest as _otp_sms_v1_SendSmsRequest, SendSmsRequest__Output as _otp_sms_v1_SendSmsRequest__Output } from './otp/sms/v1/SendSmsRequest';
import type { SenderId as _otp_sms_v1_SenderId, SenderId__Output as _otp_sms_v1_SenderId__Output } from './otp/sms/v1/SenderId';
import type { SenderIdList as _otp_sms_v1_SenderIdList, SenderIdList__Output as _otp_sms_v1_SenderIdList__Output } from './otp/sms/v1/SenderIdList';
import type { SmsClient as _otp_sms_v1_SmsClient, SmsDefinition as _otp_sms_v1_SmsDefinition } from './otp/sms/v1/Sms';
import type { SmsMessage as _otp_sms_v1_SmsMessage, SmsMessage__Output as _otp_sms_v1_SmsMessage__Output } from './otp/sms/v1/SmsMessage';
import type { SmsMessagePage as _otp_sms_v1_SmsMessagePage, SmsMessagePage__Output as _otp_sms_v1_SmsMessagePage__Output } from './otp/sms/v1/SmsMessagePage';
import type { SmsQuote as _otp_sms_v1_SmsQuote, SmsQuote__Output as _otp_sms_v1_SmsQuote__Output } from './otp/sms/v1/SmsQuote';
import type { SmsSettings as _otp_sms_v1_SmsSettings, SmsSettings__Output as _otp_sms_v1_SmsSettings__Output } from './otp/sms/v1/SmsSettings';
import type { UpdateSmsSettingsRequest as _otp_sms_v1_UpdateSmsSettingsRequest, UpdateSmsSettingsRequest__Output as _otp_sms_v1_UpdateSmsSettingsRequest__Output } from './otp/sms/v1/UpdateSmsSettingsRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  otp: {
    sms: {
      v1: {
        ApproveSenderIdRequest: MessageTypeDefinition<_otp_sms_v1_ApproveSenderIdRequest, _otp_sms_v1_ApproveSenderIdRequest__Output>
        CarrierBind: MessageTypeDefinition<_otp_sms_v1_CarrierBind, _otp_sms_v1_CarrierBind__Output>
        CarrierInfo: MessageTypeDefinition<_otp_sms_v1_CarrierInfo, _otp_sms_v1_CarrierInfo__Output>
        CarrierList: MessageTypeDefinition<_otp_sms_v1_CarrierList, _otp_sms_v1_CarrierList__Output>
        GetSmsRequest: MessageTypeDefinition<_otp_sms_v1_GetSmsRequest, _otp_sms_v1_GetSmsRequest__Output>
        GetSmsSettingsRequest: MessageTypeDefinition<_otp_sms_v1_GetSmsSettingsRequest, _otp_sms_v1_GetSmsSettingsRequest__Output>
        ListCarriersRequest: MessageTypeDefinition<_otp_sms_v1_ListCarriersRequest, _otp_sms_v1_ListCarriersRequest__Output>
        ListSenderIdsRequest: MessageTypeDefinition<_otp_sms_v1_ListSenderIdsRequest, _otp_sms_v1_ListSenderIdsRequest__Output>
        ListSmsRequest: MessageTypeDefinition<_otp_sms_v1_ListSmsRequest, _otp_sms_v1_ListSmsRequest__Output>
        QuoteSmsRequest: MessageTypeDefinition<_otp_sms_v1_QuoteSmsRequest, _otp_sms_v1_QuoteSmsRequest__Output>
        RejectSenderIdRequest: MessageTypeDefinition<_otp_sms_v1_RejectSenderIdRequest, _otp_sms_v1_RejectSenderIdRequest__Output>
        RequestSenderIdRequest: MessageTypeDefinition<_otp_sms_v1_RequestSenderIdRequest, _otp_sms_v1_RequestSenderIdRequest__Output>
        SendSmsRequest: MessageTypeDefinition<_otp_sms_v1_SendSmsRequest, _otp_sms_v1_SendSmsRequest__Output>
        SenderId: MessageTypeDefinition<_otp_sms_v1_SenderId, _otp_sms_v1_SenderId__Output>
        SenderIdList: MessageTypeDefinition<_otp_sms_v1_SenderIdList, _otp_sms_v1_SenderIdList__Output>
        Sms: SubtypeConstructor<typeof grpc.Client, _otp_sms_v1_SmsClient> & { service: _otp_sms_v1_SmsDefinition }
        SmsMessage: MessageTypeDefinition<_otp_sms_v1_SmsMessage, _otp_sms_v1_SmsMessage__Output>
        SmsMessagePage: MessageTypeDefinition<_otp_sms_v1_SmsMessagePage, _otp_sms_v1_SmsMessagePage__Output>
        SmsQuote: MessageTypeDefinition<_otp_sms_v1_SmsQuote, _otp_sms_v1_SmsQuote__Output>
        SmsSettings: MessageTypeDefinition<_otp_sms_v1_SmsSettings, _otp_sms_v1_SmsSettings__Output>
        UpdateSmsSettingsRequest: MessageTypeDefinition<_otp_sms_v1_UpdateSmsSettingsRequest, _otp_sms_v1_UpdateSmsSettingsRequest__Output>
      }
    }
  }
}

