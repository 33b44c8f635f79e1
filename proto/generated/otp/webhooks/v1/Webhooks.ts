// Original file: webhooks.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Delivery as _otp_webhooks_v1_Delivery, Delivery__Output as _otp_webhooks_v1_Delivery__Output } from '../../../otp/webhooks/v1/Delivery';
import type { DeliveryPage as _otp_webhooks_v1_DeliveryPage, DeliveryPage__Output as _otp_webhooks_v1_DeliveryPage__Output } from '../../../otp/webhooks/v1/DeliveryPage';
import type { GetSecretsRequest as _otp_webhooks_v1_GetSecretsRequest, GetSecretsRequest__Output as _otp_webhooks_v1_GetSecretsRequest__Output } from '../../../otp/webhooks/v1/GetSecretsRequest';
import type { ListDeliveriesRequest as _otp_webhooks_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _otp_webhooks_v1_ListDeliveriesRequest__Output } from '../../../otp/webhooks/v1/ListDeliveriesRequest';
import type { ReplayDeliveryRequest as _otp_webhooks_v1_ReplayDeliveryRequest, ReplayDeliveryRequest__Output as _otp_webhooks_v1_ReplayDeliveryRequest__Output } from '../../../otp/webhooks/v1/ReplayDeliveryRequest';
import type { RevokePreviousSecretsRequest as _otp_webhooks_v1_RevokePreviousSecretsRequest, RevokePreviousSecretsRequest__Output as _otp_webhooks_v1_RevokePreviousSecretsRequest__Output } from '../../../otp/webhooks/v1/RevokePreviousSecretsRequest';
import type { RotateSecretRequest as _otp_webhooks_v1_RotateSecretRequest, RotateSecretRequest__Output as _otp_webhooks_v1_RotateSecretRequest__Output } from '../../../otp/webhooks/v1/RotateSecretRequest';
import type { SigningSecrets as _otp_webhooks_v1_SigningSecrets, SigningSecrets__Output as _otp_webhooks_v1_SigningSecrets__Output } from '../../../otp/webhooks/v1/SigningSecrets';

export interface WebhooksClient extends grpc.Client {
  GetSecrets(argument: _otp_webhooks_v1_GetSecretsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  GetSecrets(argument: _otp_webhooks_v1_GetSecretsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  GetSecrets(argument: _otp_webhooks_v1_GetSecretsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  GetSecrets(argument: _otp_webhooks_v1_GetSecretsRequest, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  getSecrets(argument: _otp_webhooks_v1_GetSecretsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  getSecrets(argument: _otp_webhooks_v1_GetSecretsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  getSecrets(argument: _otp_webhooks_v1_GetSecretsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  getSecrets(argument: _otp_webhooks_v1_GetSecretsRequest, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  
  ListDeliveries(argument: _otp_webhooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _otp_webhooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _otp_webhooks_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _otp_webhooks_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_otp_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _otp_webhooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _otp_webhooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _otp_webhooks_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _otp_webhooks_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_otp_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  
  ReplayDelivery(argument: _otp_webhooks_v1_ReplayDeliveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  ReplayDelivery(argument: _otp_webhooks_v1_ReplayDeliveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  ReplayDelivery(argument: _otp_webhooks_v1_ReplayDeliveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  ReplayDelivery(argument: _otp_webhooks_v1_ReplayDeliveryRequest, callback: grpc.requestCallback<_otp_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  replayDelivery(argument: _otp_webhooks_v1_ReplayDeliveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  replayDelivery(argument: _otp_webhooks_v1_ReplayDeliveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  replayDelivery(argument: _otp_webhooks_v1_ReplayDeliveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  replayDelivery(argument: _otp_webhooks_v1_ReplayDeliveryRequest, callback: grpc.requestCallback<_otp_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  
  RevokePreviousSecrets(argument: _otp_webhooks_v1_RevokePreviousSecretsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  RevokePreviousSecrets(argument: _otp_webhooks_v1_RevokePreviousSecretsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  RevokePreviousSecrets(argument: _otp_webhooks_v1_RevokePreviousSecretsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  RevokePreviousSecrets(argument: _otp_webhooks_v1_RevokePreviousSecretsRequest, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  revokePreviousSecrets(argument: _otp_webhooks_v1_RevokePreviousSecretsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  revokePreviousSecrets(argument: _otp_webhooks_v1_RevokePreviousSecretsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  revokePreviousSecrets(argument: _otp_webhooks_v1_RevokePreviousSecretsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  revokePreviousSecrets(argument: _otp_webhooks_v1_RevokePreviousSecretsRequest, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  
  RotateSecret(argument: _otp_webhooks_v1_RotateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _otp_webhooks_v1_RotateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _otp_webhooks_v1_RotateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _otp_webhooks_v1_RotateSecretRequest, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _otp_webhooks_v1_RotateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _otp_webhooks_v1_RotateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _otp_webhooks_v1_RotateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _otp_webhooks_v1_RotateSecretRequest, callback: grpc.requestCallback<_otp_webhooks_v1_SigningSecrets__Output>): grpc.ClientUnaryCall;
  
}

export interface WebhooksHandlers extends grpc.UntypedServiceImplementation {
  GetSecrets: grpc.handleUnaryCall<_otp_webhooks_v1_GetSecretsRequest__Output, _otp_webhooks_v1_SigningSecrets>;
  
  ListDeliveries: grpc.handleUnaryCall<_otp_webhooks_v1_ListDeliveriesRequest__Output, _otp_webhooks_v1_DeliveryPage>;
  
  ReplayDelivery: grpc.handleUnaryCall<_otp_webhooks_v1_ReplayDeliveryRequest__Output, _otp_webhooks_v1_Delivery>;
  
  RevokePreviousSecrets: grpc.handleUnaryCall<_otp_webhooks_v1_RevokePreviousSecretsRequest__Output, _otp_webhooks_v1_SigningSecrets>;
  
  RotateSecret: grpc.handleUnaryCall<_otp_webhooks_v1_RotateSecretRequest__Output, _otp_webhooks_v1_SigningSecrets>;
  
}

export interface WebhooksDefinition extends grpc.ServiceDefinition {
  GetSecrets: MethodDefinition<_otp_webhooks_v1_GetSecretsRequest, _otp_webhooks_v1_SigningSecrets, _otp_webhooks_v1_GetSecretsRequest__Output, _otp_webhooks_v1_SigningSecrets__Output>
  ListDeliveries: MethodDefinition<_otp_webhooks_v1_ListDeliveriesRequest, _otp_webhooks_v1_DeliveryPage, _otp_webhooks_v1_ListDeliveriesRequest__Output, _otp_webhooks_v1_DeliveryPage__Output>
  ReplayDelivery: MethodDefinition<_otp_webhooks_v1_ReplayDeliveryRequest, _otp_webhooks_v1_Delivery, _otp_webhooks_v1_ReplayDeliveryRequest__Output, _otp_webhooks_v1_Delivery__Output>
  RevokePreviousSecrets: MethodDefinition<_otp_webhooks_v1_RevokePreviousSecretsRequest, _otp_webhooks_v1_SigningSecrets, _otp_webhooks_v1_RevokePreviousSecretsRequest__Output, _otp_webhooks_v1_SigningSecrets__Output>
  RotateSecret: MethodDefinition<_otp_webhooks_v1_RotateSecretRequest, _otp_webhooks_v1_SigningSecrets, _otp_webhooks_v1_RotateSecretRequest__Output, _otp_webhooks_v1_SigningSecrets__Output>
}
