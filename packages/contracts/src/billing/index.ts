export {
  GetSubscriptionPlansQuery, GetSubscriptionPlansResponse, GetUsageResponse, PaidPlanKey, PaymentNetwork, PaymentToken, PlanKey, PlanPeriod, PlanTier,
  PlanType, SubscriptionPlan, SubscriptionPlansResult, Usage, UsageKind,
} from './plans';
export {
  CheckTransactionStatusQuery, CreatePaymentBody, EvmAddress, PaymentIdParams, PaymentOrder, PaymentOrderResponse, PaymentStatus, SubmitPaymentTxBody, TxHash,
  WalletBalance, WalletBalanceQuery, WalletBalanceResponse, WalletProof,
} from './payment';
export { BindInvitationBody, BindInvitationResponse, BindInvitationResult, GetInvitationCodeResponse, InvitationCode } from './invitation';
