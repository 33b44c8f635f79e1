import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CodeMessage as _otp_messenger_v1_CodeMessage, CodeMessage__Output as _otp_messenger_v1_CodeMessage__Output } from './otp/messenger/v1/CodeMessage';
import type { CodeMessagePage as _otp_messenger_v1_CodeMessagePage, CodeMessagePage__Output as _otp_messenger_v1_CodeMessagePage__Output } from './otp/messenger/v1/CodeMessagePage';
import type { GetCodeRequest as _otp_messenger_v1_GetCodeRequest, GetCodeRequest__Output as _otp_messenger_v1_GetCodeRequest__Output } from './otp/messenger/v1/GetCodeRequest';
import type { GetMessengerSettingsRequest as _otp_messenger_v1_GetMessengerSettingsRequest, GetMessengerSettingsRequest__Output as _otp_messenger_v1_GetMessengerSettingsRequest__Output } from './otp/messenger/v1/GetMessengerSettingsRequest';
import type { ListCodesRequest as _otp_messenger_v1_ListCodesRequest, ListCodesRequest__Output as _otp_messenger_v1_ListCodesRequest__Output } from './otp/messenger/v1/ListCodesRequest';
import type { MessengerClient as _otp_messenger_v1_MessengerClient, MessengerDefinition as _otp_messenger_v1_MessengerDefinition } from './otp/messenger/v1/Messenger';
import type { MessengerSettings as _otp_messenger_v1_MessengerSettings, MessengerSettings__Output as _otp_messenger_v1_MessengerSettings__Output } from './otp/messenger/v1/MessengerSettings';
import type { ProviderReport as _otp_messenger_v1_ProviderReport, ProviderReport__Output as _otp_messenger_v1_ProviderReport__Output } from './otp/messenger/v1/ProviderReport';
import type { ProviderReportAck as _otp_messenger_v1_ProviderReportAck, ProviderReportAck__Output as _otp_messenger_v1_ProviderReportAck__Output } from './otp/messenger/v1/ProviderReportAck';
import type { SendCodeRequest as _otp_messenger_v1_SendCodeRequest, SendCodeRequest__Output as _otp_messenger_v1_SendCodeRequest__Output } from './otp/messenger/v1/SendCodeRequest';
import type { SettleCodeRequest as _otp_messenger_v1_SettleCodeRequest, SettleCodeRequest__Output as _otp_messenger_v1_SettleCodeRequest__Output } from './otp/messenger/v1/SettleCodeRequest';
import type { UpdateMessengerSettingsRequest as _otp_messenger_v1_UpdateMessengerSettingsRequest, UpdateMessengerSettingsRequest__Output as _otp_messenger_v1_UpdateMessengerSettingsRequest__Output } from './otp/messenger/v1/UpdateMessengerSettingsRequest';
import type { VerifyCodeRequest as _otp_messenger_v1_VerifyCodeRequest, VerifyCodeRequest__Output as _otp_messenger_v1_VerifyCodeRequest__Output } from './otp/messenger/v1/VerifyCodeRequest';
import type { VerifyCodeResult as _otp_messenger_v1_VerifyCodeResult, VerifyCodeResult__Output as _otp_messenger_v1_VerifyCodeResult__Output } from './otp/messenger/v1/VerifyCodeResult';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  otp: {
    messenger: {
      v1: {
        CodeMessage: MessageTypeDefinition<_otp_messenger_v1_CodeMessage, _otp_messenger_v1_CodeMessage__Output>
        CodeMessagePage: MessageTypeDefinition<_otp_messenger_v1_CodeMessagePage, _otp_messenger_v1_CodeMessagePage__Output>
        GetCodeRequest: MessageTypeDefinition<_otp_messenger_v1_GetCodeRequest, _otp_messenger_v1_GetCodeRequest__Output>
        GetMessengerSettingsRequest: MessageTypeDefinition<_otp_messenger_v1_GetMessengerSettingsRequest, _otp_messenger_v1_GetMessengerSettingsRequest__Output>
        ListCodesRequest: MessageTypeDefinition<_otp_messenger_v1_ListCodesRequest, _otp_messenger_v1_ListCodesRequest__Output>
        Messenger: SubtypeConstructor<typeof grpc.Client, _otp_messenger_v1_MessengerClient> & { service: _otp_messenger_v1_MessengerDefinition }
        MessengerSettings: MessageTypeDefinition<_otp_messenger_v1_MessengerSettings, _otp_messenger_v1_MessengerSettings__Output>
        ProviderReport: MessageTypeDefinition<_otp_messenger_v1_ProviderReport, _otp_messenger_v1_ProviderReport__Output>
        ProviderReportAck: MessageTypeDefinition<_otp_messenger_v1_ProviderReportAck, _otp_messenger_v1_ProviderReportAck__Output>
        SendCodeRequest: MessageTypeDefinition<_otp_messenger_v1_SendCodeRequest, _otp_messenger_v1_SendCodeRequest__Output>
        SettleCodeRequest: MessageTypeDefinition<_otp_messenger_v1_SettleCodeRequest, _otp_messenger_v1_SettleCodeRequest__Output>
        UpdateMessengerSettingsRequest: MessageTypeDefinition<_otp_messenger_v1_UpdateMessengerSettingsRequest, _otp_messenger_v1_UpdateMessengerSettingsRequest__Output>
        VerifyCodeRequest: MessageTypeDefinition<_otp_messenger_v1_VerifyCodeRequest, _otp_messenger_v1_VerifyCodeRequest__Output>
        VerifyCodeResult: MessageTypeDefinition<_otp_messenger_v1_VerifyCodeResult, _otp_messenger_v1_VerifyCodeResult__Output>
      }
    }
  }
}

