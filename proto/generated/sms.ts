import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ApproveSenderIdRequest as _otp_sms_v1_ApproveSenderIdRequest, ApproveSenderIdRequest__Output as _otp_sms_v1_ApproveSenderIdRequest__Output } from './otp/sms/v1/ApproveSenderIdRequest';
import type { GetSmsRequest as _otp_sms_v1_GetSmsRequest, GetSmsRequest__Output as _otp_sms_v1_GetSmsRequest__Output } from './otp/sms/v1/GetSmsRequest';
import type { GetSmsSettingsRequest as _otp_sms_v1_GetSmsSettingsRequest, GetSmsSettingsRequest__Output as _otp_sms_v1_GetSmsSettingsRequest__Output } from './otp/sms/v1/GetSmsSettingsRequest';
import type { ListSenderIdsRequest as _otp_sms_v1_ListSenderIdsRequest, ListSenderIdsRequest__Output as _otp_sms_v1_ListSenderIdsRequest__Output } from './otp/sms/v1/ListSenderIdsRequest';
import type { RequestSenderIdRequest as _otp_sms_v1_RequestSenderIdRequest, RequestSenderIdRequest__Output as _otp_sms_v1_RequestSenderIdRequest__Output } from './otp/sms/v1/RequestSenderIdRequest';
import type { SendSmsRequest as _otp_sms_v1_SendSmsRequest, SendSmsRequest__Output as _otp_sms_v1_SendSmsRequest__Output } from './otp/sms/v1/SendSmsRequest';
import type { SenderId as _otp_sms_v1_SenderId, SenderId__Output as _otp_sms_v1_SenderId__Output } from './otp/sms/v1/SenderId';
import type { SenderIdList as _otp_sms_v1_SenderIdList, SenderIdList__Output as _otp_sms_v1_SenderIdList__Output } from './otp/sms/v1/SenderIdList';
import type { SmsClient as _otp_sms_v1_SmsClient, SmsDefinition as _otp_sms_v1_SmsDefinition } from './otp/sms/v1/Sms';
import type { SmsMessage as _otp_sms_v1_SmsMessage, SmsMessage__Output as _otp_sms_v1_SmsMessage__Output } from './otp/sms/v1/SmsMessage';
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
        GetSmsRequest: MessageTypeDefinition<_otp_sms_v1_GetSmsRequest, _otp_sms_v1_GetSmsRequest__Output>
        GetSmsSettingsRequest: MessageTypeDefinition<_otp_sms_v1_GetSmsSettingsRequest, _otp_sms_v1_GetSmsSettingsRequest__Output>
        ListSenderIdsRequest: MessageTypeDefinition<_otp_sms_v1_ListSenderIdsRequest, _otp_sms_v1_ListSenderIdsRequest__Output>
        RequestSenderIdRequest: MessageTypeDefinition<_otp_sms_v1_RequestSenderIdRequest, _otp_sms_v1_RequestSenderIdRequest__Output>
        SendSmsRequest: MessageTypeDefinition<_otp_sms_v1_SendSmsRequest, _otp_sms_v1_SendSmsRequest__Output>
        SenderId: MessageTypeDefinition<_otp_sms_v1_SenderId, _otp_sms_v1_SenderId__Output>
        SenderIdList: MessageTypeDefinition<_otp_sms_v1_SenderIdList, _otp_sms_v1_SenderIdList__Output>
        Sms: SubtypeConstructor<typeof grpc.Client, _otp_sms_v1_SmsClient> & { service: _otp_sms_v1_SmsDefinition }
        SmsMessage: MessageTypeDefinition<_otp_sms_v1_SmsMessage, _otp_sms_v1_SmsMessage__Output>
        SmsSettings: MessageTypeDefinition<_otp_sms_v1_SmsSettings, _otp_sms_v1_SmsSettings__Output>
        UpdateSmsSettingsRequest: MessageTypeDefinition<_otp_sms_v1_UpdateSmsSettingsRequest, _otp_sms_v1_UpdateSmsSettingsRequest__Output>
      }
    }
  }
}

