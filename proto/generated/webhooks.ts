import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Delivery as _otp_webhooks_v1_Delivery, Delivery__Output as _otp_webhooks_v1_Delivery__Output } from './otp/webhooks/v1/Delivery';
import type { DeliveryAttempt as _otp_webhooks_v1_DeliveryAttempt, DeliveryAttempt__Output as _otp_webhooks_v1_DeliveryAttempt__Output } from './otp/webhooks/v1/DeliveryAttempt';
import type { DeliveryPage as _otp_webhooks_v1_DeliveryPage, DeliveryPage__Output as _otp_webhooks_v1_DeliveryPage__Output } from './otp/webhooks/v1/DeliveryPage';
import type { GetSecretsRequest as _otp_webhooks_v1_GetSecretsRequest, GetSecretsRequest__Output as _otp_webhooks_v1_GetSecretsRequest__Output } from './otp/webhooks/v1/GetSecretsRequest';
import type { ListDeliveriesRequest as _otp_webhooks_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _otp_webhooks_v1_ListDeliveriesRequest__Output } from './otp/webhooks/v1/ListDeliveriesRequest';
import type { ReplayDeliveryRequest as _otp_webhooks_v1_ReplayDeliveryRequest, ReplayDeliveryRequest__Output as _otp_webhooks_v1_ReplayDeliveryRequest__Output } from './otp/webhooks/v1/ReplayDeliveryRequest';
import type { RevokePreviousSecretsRequest as _otp_webhooks_v1_RevokePreviousSecretsRequest, RevokePreviousSecretsRequest__Output as _otp_webhooks_v1_RevokePreviousSecretsRequest__Output } from './otp/webhooks/v1/RevokePreviousSecretsRequest';
import type { RotateSecretRequest as _otp_webhooks_v1_RotateSecretRequest, RotateSecretRequest__Output as _otp_webhooks_v1_RotateSecretRequest__Output } from './otp/webhooks/v1/RotateSecretRequest';
import type { SigningSecret as _otp_webhooks_v1_SigningSecret, SigningSecret__Output as _otp_webhooks_v1_SigningSecret__Output } from './otp/webhooks/v1/SigningSecret';
import type { SigningSecrets as _otp_webhooks_v1_SigningSecrets, SigningSecrets__Output as _otp_webhooks_v1_SigningSecrets__Output } from './otp/webhooks/v1/SigningSecrets';
import type { WebhooksClient as _otp_webhooks_v1_WebhooksClient, WebhooksDefinition as _otp_webhooks_v1_WebhooksDefinition } from './otp/webhooks/v1/Webhooks';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  otp: {
    webhooks: {
      v1: {
        Delivery: MessageTypeDefinition<_otp_webhooks_v1_Delivery, _otp_webhooks_v1_Delivery__Output>
        DeliveryAttempt: MessageTypeDefinition<_otp_webhooks_v1_DeliveryAttempt, _otp_webhooks_v1_DeliveryAttempt__Output>
        DeliveryPage: MessageTypeDefinition<_otp_webhooks_v1_DeliveryPage, _otp_webhooks_v1_DeliveryPage__Output>
        GetSecretsRequest: MessageTypeDefinition<_otp_webhooks_v1_GetSecretsRequest, _otp_webhooks_v1_GetSecretsRequest__Output>
        ListDeliveriesRequest: MessageTypeDefinition<_otp_webhooks_v1_ListDeliveriesRequest, _otp_webhooks_v1_ListDeliveriesRequest__Output>
        ReplayDeliveryRequest: MessageTypeDefinition<_otp_webhooks_v1_ReplayDeliveryRequest, _otp_webhooks_v1_ReplayDeliveryRequest__Output>
        RevokePreviousSecretsRequest: MessageTypeDefinition<_otp_webhooks_v1_RevokePreviousSecretsRequest, _otp_webhooks_v1_RevokePreviousSecretsRequest__Output>
        RotateSecretRequest: MessageTypeDefinition<_otp_webhooks_v1_RotateSecretRequest, _otp_webhooks_v1_RotateSecretRequest__Output>
        SigningSecret: MessageTypeDefinition<_otp_webhooks_v1_SigningSecret, _otp_webhooks_v1_SigningSecret__Output>
        SigningSecrets: MessageTypeDefinition<_otp_webhooks_v1_SigningSecrets, _otp_webhooks_v1_SigningSecrets__Output>
        Webhooks: SubtypeConstructor<typeof grpc.Client, _otp_webhooks_v1_WebhooksClient> & { service: _otp_webhooks_v1_WebhooksDefinition }
      }
    }
  }
}

