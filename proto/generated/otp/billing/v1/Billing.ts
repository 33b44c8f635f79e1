// Original file: billing.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Account as _otp_billing_v1_Account, Account__Output as _otp_billing_v1_Account__Output } from '../../../otp/billing/v1/Account';
import type { CaptureRequest as _otp_billing_v1_CaptureRequest, CaptureRequest__Output as _otp_billing_v1_CaptureRequest__Output } from '../../../otp/billing/v1/CaptureRequest';
import type { ChargeRequest as _otp_billing_v1_ChargeRequest, ChargeRequest__Output as _otp_billing_v1_ChargeRequest__Output } from '../../../otp/billing/v1/ChargeRequest';
import type { CreditRequest as _otp_billing_v1_CreditRequest, CreditRequest__Output as _otp_billing_v1_CreditRequest__Output } from '../../../otp/billing/v1/CreditRequest';
import type { Fees as _otp_billing_v1_Fees, Fees__Output as _otp_billing_v1_Fees__Output } from '../../../otp/billing/v1/Fees';
import type { GetAccountRequest as _otp_billing_v1_GetAccountRequest, GetAccountRequest__Output as _otp_billing_v1_GetAccountRequest__Output } from '../../../otp/billing/v1/GetAccountRequest';
import type { GetFeesRequest as _otp_billing_v1_GetFeesRequest, GetFeesRequest__Output as _otp_billing_v1_GetFeesRequest__Output } from '../../../otp/billing/v1/GetFeesRequest';
import type { HoldRequest as _otp_billing_v1_HoldRequest, HoldRequest__Output as _otp_billing_v1_HoldRequest__Output } from '../../../otp/billing/v1/HoldRequest';
import type { HoldResult as _otp_billing_v1_HoldResult, HoldResult__Output as _otp_billing_v1_HoldResult__Output } from '../../../otp/billing/v1/HoldResult';
import type { LedgerPage as _otp_billing_v1_LedgerPage, LedgerPage__Output as _otp_billing_v1_LedgerPage__Output } from '../../../otp/billing/v1/LedgerPage';
import type { ListLedgerRequest as _otp_billing_v1_ListLedgerRequest, ListLedgerRequest__Output as _otp_billing_v1_ListLedgerRequest__Output } from '../../../otp/billing/v1/ListLedgerRequest';
import type { ListRatesRequest as _otp_billing_v1_ListRatesRequest, ListRatesRequest__Output as _otp_billing_v1_ListRatesRequest__Output } from '../../../otp/billing/v1/ListRatesRequest';
import type { Movement as _otp_billing_v1_Movement, Movement__Output as _otp_billing_v1_Movement__Output } from '../../../otp/billing/v1/Movement';
import type { QuoteRequest as _otp_billing_v1_QuoteRequest, QuoteRequest__Output as _otp_billing_v1_QuoteRequest__Output } from '../../../otp/billing/v1/QuoteRequest';
import type { QuoteResult as _otp_billing_v1_QuoteResult, QuoteResult__Output as _otp_billing_v1_QuoteResult__Output } from '../../../otp/billing/v1/QuoteResult';
import type { RateCard as _otp_billing_v1_RateCard, RateCard__Output as _otp_billing_v1_RateCard__Output } from '../../../otp/billing/v1/RateCard';
import type { RefundRequest as _otp_billing_v1_RefundRequest, RefundRequest__Output as _otp_billing_v1_RefundRequest__Output } from '../../../otp/billing/v1/RefundRequest';
import type { ReleaseRequest as _otp_billing_v1_ReleaseRequest, ReleaseRequest__Output as _otp_billing_v1_ReleaseRequest__Output } from '../../../otp/billing/v1/ReleaseRequest';
import type { SetSpendLimitRequest as _otp_billing_v1_SetSpendLimitRequest, SetSpendLimitRequest__Output as _otp_billing_v1_SetSpendLimitRequest__Output } from '../../../otp/billing/v1/SetSpendLimitRequest';
import type { SpendLimit as _otp_billing_v1_SpendLimit, SpendLimit__Output as _otp_billing_v1_SpendLimit__Output } from '../../../otp/billing/v1/SpendLimit';

export interface BillingClient extends grpc.Client {
  Capture(argument: _otp_billing_v1_CaptureRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  Capture(argument: _otp_billing_v1_CaptureRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  Capture(argument: _otp_billing_v1_CaptureRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  Capture(argument: _otp_billing_v1_CaptureRequest, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  capture(argument: _otp_billing_v1_CaptureRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  capture(argument: _otp_billing_v1_CaptureRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  capture(argument: _otp_billing_v1_CaptureRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  capture(argument: _otp_billing_v1_CaptureRequest, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  
  Charge(argument: _otp_billing_v1_ChargeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  Charge(argument: _otp_billing_v1_ChargeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  Charge(argument: _otp_billing_v1_ChargeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  Charge(argument: _otp_billing_v1_ChargeRequest, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  charge(argument: _otp_billing_v1_ChargeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  charge(argument: _otp_billing_v1_ChargeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  charge(argument: _otp_billing_v1_ChargeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  charge(argument: _otp_billing_v1_ChargeRequest, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  
  Credit(argument: _otp_billing_v1_CreditRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  Credit(argument: _otp_billing_v1_CreditRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  Credit(argument: _otp_billing_v1_CreditRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  Credit(argument: _otp_billing_v1_CreditRequest, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  credit(argument: _otp_billing_v1_CreditRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  credit(argument: _otp_billing_v1_CreditRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  credit(argument: _otp_billing_v1_CreditRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  credit(argument: _otp_billing_v1_CreditRequest, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  
  GetAccount(argument: _otp_billing_v1_GetAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Account__Output>): grpc.ClientUnaryCall;
  GetAccount(argument: _otp_billing_v1_GetAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_Account__Output>): grpc.ClientUnaryCall;
  GetAccount(argument: _otp_billing_v1_GetAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Account__Output>): grpc.ClientUnaryCall;
  GetAccount(argument: _otp_billing_v1_GetAccountRequest, callback: grpc.requestCallback<_otp_billing_v1_Account__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _otp_billing_v1_GetAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Account__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _otp_billing_v1_GetAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_Account__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _otp_billing_v1_GetAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Account__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _otp_billing_v1_GetAccountRequest, callback: grpc.requestCallback<_otp_billing_v1_Account__Output>): grpc.ClientUnaryCall;
  
  GetFees(argument: _otp_billing_v1_GetFeesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Fees__Output>): grpc.ClientUnaryCall;
  GetFees(argument: _otp_billing_v1_GetFeesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_Fees__Output>): grpc.ClientUnaryCall;
  GetFees(argument: _otp_billing_v1_GetFeesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Fees__Output>): grpc.ClientUnaryCall;
  GetFees(argument: _otp_billing_v1_GetFeesRequest, callback: grpc.requestCallback<_otp_billing_v1_Fees__Output>): grpc.ClientUnaryCall;
  getFees(argument: _otp_billing_v1_GetFeesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Fees__Output>): grpc.ClientUnaryCall;
  getFees(argument: _otp_billing_v1_GetFeesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_Fees__Output>): grpc.ClientUnaryCall;
  getFees(argument: _otp_billing_v1_GetFeesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Fees__Output>): grpc.ClientUnaryCall;
  getFees(argument: _otp_billing_v1_GetFeesRequest, callback: grpc.requestCallback<_otp_billing_v1_Fees__Output>): grpc.ClientUnaryCall;
  
  Hold(argument: _otp_billing_v1_HoldRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  Hold(argument: _otp_billing_v1_HoldRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  Hold(argument: _otp_billing_v1_HoldRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  Hold(argument: _otp_billing_v1_HoldRequest, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  hold(argument: _otp_billing_v1_HoldRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  hold(argument: _otp_billing_v1_HoldRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  hold(argument: _otp_billing_v1_HoldRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  hold(argument: _otp_billing_v1_HoldRequest, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  
  ListLedger(argument: _otp_billing_v1_ListLedgerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_LedgerPage__Output>): grpc.ClientUnaryCall;
  ListLedger(argument: _otp_billing_v1_ListLedgerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_LedgerPage__Output>): grpc.ClientUnaryCall;
  ListLedger(argument: _otp_billing_v1_ListLedgerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_LedgerPage__Output>): grpc.ClientUnaryCall;
  ListLedger(argument: _otp_billing_v1_ListLedgerRequest, callback: grpc.requestCallback<_otp_billing_v1_LedgerPage__Output>): grpc.ClientUnaryCall;
  listLedger(argument: _otp_billing_v1_ListLedgerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_LedgerPage__Output>): grpc.ClientUnaryCall;
  listLedger(argument: _otp_billing_v1_ListLedgerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_LedgerPage__Output>): grpc.ClientUnaryCall;
  listLedger(argument: _otp_billing_v1_ListLedgerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_LedgerPage__Output>): grpc.ClientUnaryCall;
  listLedger(argument: _otp_billing_v1_ListLedgerRequest, callback: grpc.requestCallback<_otp_billing_v1_LedgerPage__Output>): grpc.ClientUnaryCall;
  
  ListRates(argument: _otp_billing_v1_ListRatesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_RateCard__Output>): grpc.ClientUnaryCall;
  ListRates(argument: _otp_billing_v1_ListRatesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_RateCard__Output>): grpc.ClientUnaryCall;
  ListRates(argument: _otp_billing_v1_ListRatesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_RateCard__Output>): grpc.ClientUnaryCall;
  ListRates(argument: _otp_billing_v1_ListRatesRequest, callback: grpc.requestCallback<_otp_billing_v1_RateCard__Output>): grpc.ClientUnaryCall;
  listRates(argument: _otp_billing_v1_ListRatesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_RateCard__Output>): grpc.ClientUnaryCall;
  listRates(argument: _otp_billing_v1_ListRatesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_RateCard__Output>): grpc.ClientUnaryCall;
  listRates(argument: _otp_billing_v1_ListRatesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_RateCard__Output>): grpc.ClientUnaryCall;
  listRates(argument: _otp_billing_v1_ListRatesRequest, callback: grpc.requestCallback<_otp_billing_v1_RateCard__Output>): grpc.ClientUnaryCall;
  
  Quote(argument: _otp_billing_v1_QuoteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_QuoteResult__Output>): grpc.ClientUnaryCall;
  Quote(argument: _otp_billing_v1_QuoteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_QuoteResult__Output>): grpc.ClientUnaryCall;
  Quote(argument: _otp_billing_v1_QuoteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_QuoteResult__Output>): grpc.ClientUnaryCall;
  Quote(argument: _otp_billing_v1_QuoteRequest, callback: grpc.requestCallback<_otp_billing_v1_QuoteResult__Output>): grpc.ClientUnaryCall;
  quote(argument: _otp_billing_v1_QuoteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_QuoteResult__Output>): grpc.ClientUnaryCall;
  quote(argument: _otp_billing_v1_QuoteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_QuoteResult__Output>): grpc.ClientUnaryCall;
  quote(argument: _otp_billing_v1_QuoteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_QuoteResult__Output>): grpc.ClientUnaryCall;
  quote(argument: _otp_billing_v1_QuoteRequest, callback: grpc.requestCallback<_otp_billing_v1_QuoteResult__Output>): grpc.ClientUnaryCall;
  
  Refund(argument: _otp_billing_v1_RefundRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  Refund(argument: _otp_billing_v1_RefundRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  Refund(argument: _otp_billing_v1_RefundRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  Refund(argument: _otp_billing_v1_RefundRequest, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  refund(argument: _otp_billing_v1_RefundRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  refund(argument: _otp_billing_v1_RefundRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  refund(argument: _otp_billing_v1_RefundRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  refund(argument: _otp_billing_v1_RefundRequest, callback: grpc.requestCallback<_otp_billing_v1_Movement__Output>): grpc.ClientUnaryCall;
  
  Release(argument: _otp_billing_v1_ReleaseRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  Release(argument: _otp_billing_v1_ReleaseRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  Release(argument: _otp_billing_v1_ReleaseRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  Release(argument: _otp_billing_v1_ReleaseRequest, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  release(argument: _otp_billing_v1_ReleaseRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  release(argument: _otp_billing_v1_ReleaseRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  release(argument: _otp_billing_v1_ReleaseRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  release(argument: _otp_billing_v1_ReleaseRequest, callback: grpc.requestCallback<_otp_billing_v1_HoldResult__Output>): grpc.ClientUnaryCall;
  
  SetSpendLimit(argument: _otp_billing_v1_SetSpendLimitRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_SpendLimit__Output>): grpc.ClientUnaryCall;
  SetSpendLimit(argument: _otp_billing_v1_SetSpendLimitRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_SpendLimit__Output>): grpc.ClientUnaryCall;
  SetSpendLimit(argument: _otp_billing_v1_SetSpendLimitRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_SpendLimit__Output>): grpc.ClientUnaryCall;
  SetSpendLimit(argument: _otp_billing_v1_SetSpendLimitRequest, callback: grpc.requestCallback<_otp_billing_v1_SpendLimit__Output>): grpc.ClientUnaryCall;
  setSpendLimit(argument: _otp_billing_v1_SetSpendLimitRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_SpendLimit__Output>): grpc.ClientUnaryCall;
  setSpendLimit(argument: _otp_billing_v1_SetSpendLimitRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_otp_billing_v1_SpendLimit__Output>): grpc.ClientUnaryCall;
  setSpendLimit(argument: _otp_billing_v1_SetSpendLimitRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_otp_billing_v1_SpendLimit__Output>): grpc.ClientUnaryCall;
  setSpendLimit(argument: _otp_billing_v1_SetSpendLimitRequest, callback: grpc.requestCallback<_otp_billing_v1_SpendLimit__Output>): grpc.ClientUnaryCall;
  
}

export interface BillingHandlers extends grpc.UntypedServiceImplementation {
  Capture: grpc.handleUnaryCall<_otp_billing_v1_CaptureRequest__Output, _otp_billing_v1_HoldResult>;
  
  Charge: grpc.handleUnaryCall<_otp_billing_v1_ChargeRequest__Output, _otp_billing_v1_Movement>;
  
  Credit: grpc.handleUnaryCall<_otp_billing_v1_CreditRequest__Output, _otp_billing_v1_Movement>;
  
  GetAccount: grpc.handleUnaryCall<_otp_billing_v1_GetAccountRequest__Output, _otp_billing_v1_Account>;
  
  GetFees: grpc.handleUnaryCall<_otp_billing_v1_GetFeesRequest__Output, _otp_billing_v1_Fees>;
  
  Hold: grpc.handleUnaryCall<_otp_billing_v1_HoldRequest__Output, _otp_billing_v1_HoldResult>;
  
  ListLedger: grpc.handleUnaryCall<_otp_billing_v1_ListLedgerRequest__Output, _otp_billing_v1_LedgerPage>;
  
  ListRates: grpc.handleUnaryCall<_otp_billing_v1_ListRatesRequest__Output, _otp_billing_v1_RateCard>;
  
  Quote: grpc.handleUnaryCall<_otp_billing_v1_QuoteRequest__Output, _otp_billing_v1_QuoteResult>;
  
  Refund: grpc.handleUnaryCall<_otp_billing_v1_RefundRequest__Output, _otp_billing_v1_Movement>;
  
  Release: grpc.handleUnaryCall<_otp_billing_v1_ReleaseRequest__Output, _otp_billing_v1_HoldResult>;
  
  SetSpendLimit: grpc.handleUnaryCall<_otp_billing_v1_SetSpendLimitRequest__Output, _otp_billing_v1_SpendLimit>;
  
}

export interface BillingDefinition extends grpc.ServiceDefinition {
  Capture: MethodDefinition<_otp_billing_v1_CaptureRequest, _otp_billing_v1_HoldResult, _otp_billing_v1_CaptureRequest__Output, _otp_billing_v1_HoldResult__Output>
  Charge: MethodDefinition<_otp_billing_v1_ChargeRequest, _otp_billing_v1_Movement, _otp_billing_v1_ChargeRequest__Output, _otp_billing_v1_Movement__Output>
  Credit: MethodDefinition<_otp_billing_v1_CreditRequest, _otp_billing_v1_Movement, _otp_billing_v1_CreditRequest__Output, _otp_billing_v1_Movement__Output>
  GetAccount: MethodDefinition<_otp_billing_v1_GetAccountRequest, _otp_billing_v1_Account, _otp_billing_v1_GetAccountRequest__Output, _otp_billing_v1_Account__Output>
  GetFees: MethodDefinition<_otp_billing_v1_GetFeesRequest, _otp_billing_v1_Fees, _otp_billing_v1_GetFeesRequest__Output, _otp_billing_v1_Fees__Output>
  Hold: MethodDefinition<_otp_billing_v1_HoldRequest, _otp_billing_v1_HoldResult, _otp_billing_v1_HoldRequest__Output, _otp_billing_v1_HoldResult__Output>
  ListLedger: MethodDefinition<_otp_billing_v1_ListLedgerRequest, _otp_billing_v1_LedgerPage, _otp_billing_v1_ListLedgerRequest__Output, _otp_billing_v1_LedgerPage__Output>
  ListRates: MethodDefinition<_otp_billing_v1_ListRatesRequest, _otp_billing_v1_RateCard, _otp_billing_v1_ListRatesRequest__Output, _otp_billing_v1_RateCard__Output>
  Quote: MethodDefinition<_otp_billing_v1_QuoteRequest, _otp_billing_v1_QuoteResult, _otp_billing_v1_QuoteRequest__Output, _otp_billing_v1_QuoteResult__Output>
  Refund: MethodDefinition<_otp_billing_v1_RefundRequest, _otp_billing_v1_Movement, _otp_billing_v1_RefundRequest__Output, _otp_billing_v1_Movement__Output>
  Release: MethodDefinition<_otp_billing_v1_ReleaseRequest, _otp_billing_v1_HoldResult, _otp_billing_v1_ReleaseRequest__Output, _otp_billing_v1_HoldResult__Output>
  SetSpendLimit: MethodDefinition<_otp_billing_v1_SetSpendLimitRequest, _otp_billing_v1_SpendLimit, _otp_billing_v1_SetSpendLimitRequest__Output, _otp_billing_v1_SpendLimit__Output>
}
