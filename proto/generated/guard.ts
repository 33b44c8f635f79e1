import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AdmitRequest as _otp_guard_v1_AdmitRequest, AdmitRequest__Output as _otp_guard_v1_AdmitRequest__Output } from './otp/guard/v1/AdmitRequest';
import type { AdmitResult as _otp_guard_v1_AdmitResult, AdmitResult__Output as _otp_guard_v1_AdmitResult__Output } from './otp/guard/v1/AdmitResult';
import type { Block as _otp_guard_v1_Block, Block__Output as _otp_guard_v1_Block__Output } from './otp/guard/v1/Block';
import type { BlockList as _otp_guard_v1_BlockList, BlockList__Output as _otp_guard_v1_BlockList__Output } from './otp/guard/v1/BlockList';
import type { ForgetRequest as _otp_guard_v1_ForgetRequest, ForgetRequest__Output as _otp_guard_v1_ForgetRequest__Output } from './otp/guard/v1/ForgetRequest';
import type { ForgetResult as _otp_guard_v1_ForgetResult, ForgetResult__Output as _otp_guard_v1_ForgetResult__Output } from './otp/guard/v1/ForgetResult';
import type { FraudSettings as _otp_guard_v1_FraudSettings, FraudSettings__Output as _otp_guard_v1_FraudSettings__Output } from './otp/guard/v1/FraudSettings';
import type { GetFraudSettingsRequest as _otp_guard_v1_GetFraudSettingsRequest, GetFraudSettingsRequest__Output as _otp_guard_v1_GetFraudSettingsRequest__Output } from './otp/guard/v1/GetFraudSettingsRequest';
import type { GuardClient as _otp_guard_v1_GuardClient, GuardDefinition as _otp_guard_v1_GuardDefinition } from './otp/guard/v1/Guard';
import type { LiftBlockRequest as _otp_guard_v1_LiftBlockRequest, LiftBlockRequest__Output as _otp_guard_v1_LiftBlockRequest__Output } from './otp/guard/v1/LiftBlockRequest';
import type { LiftBlockResult as _otp_guard_v1_LiftBlockResult, LiftBlockResult__Output as _otp_guard_v1_LiftBlockResult__Output } from './otp/guard/v1/LiftBlockResult';
import type { ListBlocksRequest as _otp_guard_v1_ListBlocksRequest, ListBlocksRequest__Output as _otp_guard_v1_ListBlocksRequest__Output } from './otp/guard/v1/ListBlocksRequest';
import type { Signals as _otp_guard_v1_Signals, Signals__Output as _otp_guard_v1_Signals__Output } from './otp/guard/v1/Signals';
import type { UpdateFraudSettingsRequest as _otp_guard_v1_UpdateFraudSettingsRequest, UpdateFraudSettingsRequest__Output as _otp_guard_v1_UpdateFraudSettingsRequest__Output } from './otp/guard/v1/UpdateFraudSettingsRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  otp: {
    guard: {
      v1: {
        AdmitRequest: MessageTypeDefinition<_otp_guard_v1_AdmitRequest, _otp_guard_v1_AdmitRequest__Output>
        AdmitResult: MessageTypeDefinition<_otp_guard_v1_AdmitResult, _otp_guard_v1_AdmitResult__Output>
        Block: MessageTypeDefinition<_otp_guard_v1_Block, _otp_guard_v1_Block__Output>
        BlockList: MessageTypeDefinition<_otp_guard_v1_BlockList, _otp_guard_v1_BlockList__Output>
        ForgetRequest: MessageTypeDefinition<_otp_guard_v1_ForgetRequest, _otp_guard_v1_ForgetRequest__Output>
        ForgetResult: MessageTypeDefinition<_otp_guard_v1_ForgetResult, _otp_guard_v1_ForgetResult__Output>
        FraudSettings: MessageTypeDefinition<_otp_guard_v1_FraudSettings, _otp_guard_v1_FraudSettings__Output>
        GetFraudSettingsRequest: MessageTypeDefinition<_otp_guard_v1_GetFraudSettingsRequest, _otp_guard_v1_GetFraudSettingsRequest__Output>
        Guard: SubtypeConstructor<typeof grpc.Client, _otp_guard_v1_GuardClient> & { service: _otp_guard_v1_GuardDefinition }
        LiftBlockRequest: MessageTypeDefinition<_otp_guard_v1_LiftBlockRequest, _otp_guard_v1_LiftBlockRequest__Output>
        LiftBlockResult: MessageTypeDefinition<_otp_guard_v1_LiftBlockResult, _otp_guard_v1_LiftBlockResult__Output>
        ListBlocksRequest: MessageTypeDefinition<_otp_guard_v1_ListBlocksRequest, _otp_guard_v1_ListBlocksRequest__Output>
        Signals: MessageTypeDefinition<_otp_guard_v1_Signals, _otp_guard_v1_Signals__Output>
        UpdateFraudSettingsRequest: MessageTypeDefinition<_otp_guard_v1_UpdateFraudSettingsRequest, _otp_guard_v1_UpdateFraudSettingsRequest__Output>
      }
    }
  }
}

