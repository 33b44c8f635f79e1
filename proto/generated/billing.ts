import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Account as _otp_billing_v1_Account, Account__Output as _otp_billing_v1_Account__Output } from './otp/billing/v1/Account';
import type { BillingClient as _otp_billing_v1_BillingClient, BillingDefinition as _otp_billing_v1_BillingDefinition } from './otp/billing/v1/Billing';
import type { CaptureRequest as _otp_billing_v1_CaptureRequest, CaptureRequest__Output as _otp_billing_v1_CaptureRequest__Output } from './otp/billing/v1/CaptureRequest';
import type { ChargeRequest as _otp_billing_v1_ChargeRequest, ChargeRequest__Output as _otp_billing_v1_ChargeRequest__Output } from './otp/billing/v1/ChargeRequest';
import type { CreditRequest as _otp_billing_v1_CreditRequest, CreditRequest__Output as _otp_billing_v1_CreditRequest__Output } from './otp/billing/v1/CreditRequest';
import type { Fees as _otp_billing_v1_Fees, Fees__Output as _otp_billing_v1_Fees__Output } from './otp/billing/v1/Fees';
import type { GetAccountRequest as _otp_billing_v1_GetAccountRequest, GetAccountRequest__Output as _otp_billing_v1_GetAccountRequest__Output } from './otp/billing/v1/GetAccountRequest';
import type { GetFeesRequest as _otp_billing_v1_GetFeesRequest, GetFeesRequest__Output as _otp_billing_v1_GetFeesRequest__Output } from './otp/billing/v1/GetFeesRequest';
import type { HoldRequest as _otp_billing_v1_HoldRequest, HoldRequest__Output as _otp_billing_v1_HoldRequest__Output } from './otp/billing/v1/HoldRequest';
import type { HoldResult as _otp_billing_v1_HoldResult, HoldResult__Output as _otp_billing_v1_HoldResult__Output } from './otp/billing/v1/HoldResult';
import type { LedgerEntry as _otp_billing_v1_LedgerEntry, LedgerEntry__Output as _otp_billing_v1_LedgerEntry__Output } from './otp/billing/v1/LedgerEntry';
import type { LedgerPage as _otp_billing_v1_LedgerPage, LedgerPage__Output as _otp_billing_v1_LedgerPage__Output } from './otp/billing/v1/LedgerPage';
import type { ListLedgerRequest as _otp_billing_v1_ListLedgerRequest, ListLedgerRequest__Output as _otp_billing_v1_ListLedgerRequest__Output } from './otp/billing/v1/ListLedgerRequest';
import type { ListRatesRequest as _otp_billing_v1_ListRatesRequest, ListRatesRequest__Output as _otp_billing_v1_ListRatesRequest__Output } from './otp/billing/v1/ListRatesRequest';
import type { Movement as _otp_billing_v1_Movement, Movement__Output as _otp_billing_v1_Movement__Output } from './otp/billing/v1/Movement';
import type { QuoteRequest as _otp_billing_v1_QuoteRequest, QuoteRequest__Output as _otp_billing_v1_QuoteRequest__Output } from './otp/billing/v1/QuoteRequest';
import type { QuoteResult as _otp_billing_v1_QuoteResult, QuoteResult__Output as _otp_billing_v1_QuoteResult__Output } from './otp/billing/v1/QuoteResult';
import type { Rate as _otp_billing_v1_Rate, Rate__Output as _otp_billing_v1_Rate__Output } from './otp/billing/v1/Rate';
import type { RateCard as _otp_billing_v1_RateCard, RateCard__Output as _otp_billing_v1_RateCard__Output } from './otp/billing/v1/RateCard';
import type { RefundRequest as _otp_billing_v1_RefundRequest, RefundRequest__Output as _otp_billing_v1_RefundRequest__Output } from './otp/billing/v1/RefundRequest';
import type { ReleaseRequest as _otp_billing_v1_ReleaseRequest, ReleaseRequest__Output as _otp_billing_v1_ReleaseRequest__Output } from './otp/billing/v1/ReleaseRequest';
import type { SetSpendLimitRequest as _otp_billing_v1_SetSpendLimitRequest, SetSpendLimitRequest__Output as _otp_billing_v1_SetSpendLimitRequest__Output } from './otp/billing/v1/SetSpendLimitRequest';
import type { SpendLimit as _otp_billing_v1_SpendLimit, SpendLimit__Output as _otp_billing_v1_SpendLimit__Output } from './otp/billing/v1/SpendLimit';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  otp: {
    billing: {
      v1: {
        Account: MessageTypeDefinition<_otp_billing_v1_Account, _otp_billing_v1_Account__Output>
        Billing: SubtypeConstructor<typeof grpc.Client, _otp_billing_v1_BillingClient> & { service: _otp_billing_v1_BillingDefinition }
        CaptureRequest: MessageTypeDefinition<_otp_billing_v1_CaptureRequest, _otp_billing_v1_CaptureRequest__Output>
        ChargeRequest: MessageTypeDefinition<_otp_billing_v1_ChargeRequest, _otp_billing_v1_ChargeRequest__Output>
        CreditRequest: MessageTypeDefinition<_otp_billing_v1_CreditRequest, _otp_billing_v1_CreditRequest__Output>
        Fees: MessageTypeDefinition<_otp_billing_v1_Fees, _otp_billing_v1_Fees__Output>
        GetAccountRequest: MessageTypeDefinition<_otp_billing_v1_GetAccountRequest, _otp_billing_v1_GetAccountRequest__Output>
        GetFeesRequest: MessageTypeDefinition<_otp_billing_v1_GetFeesRequest, _otp_billing_v1_GetFeesRequest__Output>
        HoldRequest: MessageTypeDefinition<_otp_billing_v1_HoldRequest, _otp_billing_v1_HoldRequest__Output>
        HoldResult: MessageTypeDefinition<_otp_billing_v1_HoldResult, _otp_billing_v1_HoldResult__Output>
        LedgerEntry: MessageTypeDefinition<_otp_billing_v1_LedgerEntry, _otp_billing_v1_LedgerEntry__Output>
        LedgerPage: MessageTypeDefinition<_otp_billing_v1_LedgerPage, _otp_billing_v1_LedgerPage__Output>
        ListLedgerRequest: MessageTypeDefinition<_otp_billing_v1_ListLedgerRequest, _otp_billing_v1_ListLedgerRequest__Output>
        ListRatesRequest: MessageTypeDefinition<_otp_billing_v1_ListRatesRequest, _otp_billing_v1_ListRatesRequest__Output>
        Movement: MessageTypeDefinition<_otp_billing_v1_Movement, _otp_billing_v1_Movement__Output>
        QuoteRequest: MessageTypeDefinition<_otp_billing_v1_QuoteRequest, _otp_billing_v1_QuoteRequest__Output>
        QuoteResult: MessageTypeDefinition<_otp_billing_v1_QuoteResult, _otp_billing_v1_QuoteResult__Output>
        Rate: MessageTypeDefinition<_otp_billing_v1_Rate, _otp_billing_v1_Rate__Output>
        RateCard: MessageTypeDefinition<_otp_billing_v1_RateCard, _otp_billing_v1_RateCard__Output>
        RefundRequest: MessageTypeDefinition<_otp_billing_v1_RefundRequest, _otp_billing_v1_RefundRequest__Output>
        ReleaseRequest: MessageTypeDefinition<_otp_billing_v1_ReleaseRequest, _otp_billing_v1_ReleaseRequest__Output>
        SetSpendLimitRequest: MessageTypeDefinition<_otp_billing_v1_SetSpendLimitRequest, _otp_billing_v1_SetSpendLimitRequest__Output>
        SpendLimit: MessageTypeDefinition<_otp_billing_v1_SpendLimit, _otp_billing_v1_SpendLimit__Output>
      }
    }
  }
}

