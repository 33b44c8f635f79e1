import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Attempt as _otp_verify_v1_Attempt, Attempt__Output as _otp_verify_v1_Attempt__Output } from './otp/verify/v1/Attempt';
import type { CheckResult as _otp_verify_v1_CheckResult, CheckResult__Output as _otp_verify_v1_CheckResult__Output } from './otp/verify/v1/CheckResult';
import type { CheckVerificationRequest as _otp_verify_v1_CheckVerificationRequest, CheckVerificationRequest__Output as _otp_verify_v1_CheckVerificationRequest__Output } from './otp/verify/v1/CheckVerificationRequest';
import type { DailyStat as _otp_verify_v1_DailyStat, DailyStat__Output as _otp_verify_v1_DailyStat__Output } from './otp/verify/v1/DailyStat';
import type { DailyStatsPage as _otp_verify_v1_DailyStatsPage, DailyStatsPage__Output as _otp_verify_v1_DailyStatsPage__Output } from './otp/verify/v1/DailyStatsPage';
import type { DailyStatsRequest as _otp_verify_v1_DailyStatsRequest, DailyStatsRequest__Output as _otp_verify_v1_DailyStatsRequest__Output } from './otp/verify/v1/DailyStatsRequest';
import type { GetVerificationRequest as _otp_verify_v1_GetVerificationRequest, GetVerificationRequest__Output as _otp_verify_v1_GetVerificationRequest__Output } from './otp/verify/v1/GetVerificationRequest';
import type { GetVerifySettingsRequest as _otp_verify_v1_GetVerifySettingsRequest, GetVerifySettingsRequest__Output as _otp_verify_v1_GetVerifySettingsRequest__Output } from './otp/verify/v1/GetVerifySettingsRequest';
import type { ListVerificationsRequest as _otp_verify_v1_ListVerificationsRequest, ListVerificationsRequest__Output as _otp_verify_v1_ListVerificationsRequest__Output } from './otp/verify/v1/ListVerificationsRequest';
import type { StartVerificationRequest as _otp_verify_v1_StartVerificationRequest, StartVerificationRequest__Output as _otp_verify_v1_StartVerificationRequest__Output } from './otp/verify/v1/StartVerificationRequest';
import type { UpdateVerifySettingsRequest as _otp_verify_v1_UpdateVerifySettingsRequest, UpdateVerifySettingsRequest__Output as _otp_verify_v1_UpdateVerifySettingsRequest__Output } from './otp/verify/v1/UpdateVerifySettingsRequest';
import type { Verification as _otp_verify_v1_Verification, Verification__Output as _otp_verify_v1_Verification__Output } from './otp/verify/v1/Verification';
import type { VerificationPage as _otp_verify_v1_VerificationPage, VerificationPage__Output as _otp_verify_v1_VerificationPage__Output } from './otp/verify/v1/VerificationPage';
import type { VerifyClient as _otp_verify_v1_VerifyClient, VerifyDefinition as _otp_verify_v1_VerifyDefinition } from './otp/verify/v1/Verify';
import type { VerifySettings as _otp_verify_v1_VerifySettings, VerifySettings__Output as _otp_verify_v1_VerifySettings__Output } from './otp/verify/v1/VerifySettings';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  otp: {
    verify: {
      v1: {
        Attempt: MessageTypeDefinition<_otp_verify_v1_Attempt, _otp_verify_v1_Attempt__Output>
        CheckResult: MessageTypeDefinition<_otp_verify_v1_CheckResult, _otp_verify_v1_CheckResult__Output>
        CheckVerificationRequest: MessageTypeDefinition<_otp_verify_v1_CheckVerificationRequest, _otp_verify_v1_CheckVerificationRequest__Output>
        DailyStat: MessageTypeDefinition<_otp_verify_v1_DailyStat, _otp_verify_v1_DailyStat__Output>
        DailyStatsPage: MessageTypeDefinition<_otp_verify_v1_DailyStatsPage, _otp_verify_v1_DailyStatsPage__Output>
        DailyStatsRequest: MessageTypeDefinition<_otp_verify_v1_DailyStatsRequest, _otp_verify_v1_DailyStatsRequest__Output>
        GetVerificationRequest: MessageTypeDefinition<_otp_verify_v1_GetVerificationRequest, _otp_verify_v1_GetVerificationRequest__Output>
        GetVerifySettingsRequest: MessageTypeDefinition<_otp_verify_v1_GetVerifySettingsRequest, _otp_verify_v1_GetVerifySettingsRequest__Output>
        ListVerificationsRequest: MessageTypeDefinition<_otp_verify_v1_ListVerificationsRequest, _otp_verify_v1_ListVerificationsRequest__Output>
        StartVerificationRequest: MessageTypeDefinition<_otp_verify_v1_StartVerificationRequest, _otp_verify_v1_StartVerificationRequest__Output>
        UpdateVerifySettingsRequest: MessageTypeDefinition<_otp_verify_v1_UpdateVerifySettingsRequest, _otp_verify_v1_UpdateVerifySettingsRequest__Output>
        Verification: MessageTypeDefinition<_otp_verify_v1_Verification, _otp_verify_v1_Verification__Output>
        VerificationPage: MessageTypeDefinition<_otp_verify_v1_VerificationPage, _otp_verify_v1_VerificationPage__Output>
        Verify: SubtypeConstructor<typeof grpc.Client, _otp_verify_v1_VerifyClient> & { service: _otp_verify_v1_VerifyDefinition }
        VerifySettings: MessageTypeDefinition<_otp_verify_v1_VerifySettings, _otp_verify_v1_VerifySettings__Output>
      }
    }
  }
}

