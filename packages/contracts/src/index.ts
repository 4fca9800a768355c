/** @coinlens/contracts — zod schemas per endpoint, stream events and the error catalogue. */
export { APP_ERROR_CODES, APP_ERRORS, type AppErrorCode, httpStatusOf } from './common/errors';
export { ErrorResponse, FieldError, Lang, LangParam, MAX_PAGE_OFFSET, PageQuery, resultOf } from './common/envelope';
export {
  defaultTimeframe, isTaTimeframe, orderByTimeframe, TA_TIMEFRAMES, TIMEFRAME_LABELS, TIMEFRAME_MS, timeframeLabel, timeframeMinutes, TIMEFRAMES,
} from './common/timeframe';
export { TaTimeframe, Timeframe, TimeframeLabel } from './common/timeframe-schema';
export { expandSubscriptZeros, formatPrice, roundPrice, SUBSCRIPT_ZEROS_FROM } from './common/price';
export { Candle, Coin, CoinContract, CoinDetail, CoinRef, MarketDataKind } from './market/coin';
export {
  CandleSeries, ChartRange, ClockInfo, CoinIdParams, FearGreed, GetAllCoinsResponse, GetClockResponse, GetCmcDetailQuery, GetCmcHistoricalQuery,
  GetCmcHistoricalResponse, GetCmcPriceQuery, GetCmcPriceResponse, GetCoinDetailResponse, GetDetailChartQuery, GetDetailChartResponse,
  GetFearGreedResponse, GetMarketCapResponse, GetPriceQuery, GetPriceResponse, MarketCapSummary, MarketStreamEvent, PriceItem, SearchCoinsQuery,
  SearchCoinsResponse,
} from './market/api';
export { Avatar, AVATAR_KEYS, AvatarKey, Profile, SocialLogin, SocialProvider, StoredLocale, User } from './users/user';
export { AcceptCookiesResponse, GetMeResponse, ProfileInput, ProfileResponse, UpdateUserBody, UpdateUserResponse, UserIdParams } from './users/api';
export { AccountExport, DeleteAccountBody, DeleteAccountMessageQuery, DeleteAccountMessageResponse, DeleteAccountResponse, DeleteAccountSiwe } from './users/account-data';
export {
  AccountLang, Address, CheckProviderQuery, CheckProviderResponse, CodeBody, CodeSentResponse, CodeSentResult, DisconnectBody, Email, EmailQuery,
  ExchangeResponse, ExchangeResult, isStrongPassword, LoginBody, MetamaskConnectBody, MetamaskLoginBody, NonceQuery, NonceResponse, OAuthCodeBody,
  OAuthUrlQuery, OAuthUrlResponse, OkResponse, PendingLoginBody, PendingMergeBody, type Providers, ProvidersResponse, RegisterBody, RegisterCodeBody,
  RegisterPassword, RegisterResponse, RegisterResult, RegistrationId, ResendRegisterQuery, ResetPassword, ResetPasswordBody, ResetTokenResponse, Signature,
  SignInResponse, SignInResult, TelegramAuthData, TelegramBody, ValidateTokenQuery, ValidateTokenResponse, VerificationCode,
} from './auth/api';
export { AiStreamEvent } from './ai/stream-events';
export {
  AggregateParams, AggregateQuery, AiBasedOn, AiHighlight, CoinAggregate, FullAnalysis, GeneratedStrategy, GenerateStrategyBody, GenerateStrategyResponse,
  GetAggregateResponse, GetFullAnalysisResponse, KlineInsight, StrategyAccess, StrategyBias, StrategyPair, StrategyPlan, TimeframeAnalysis,
} from './ai/aggregate';
export { ChatHistory, ChatMessage, ChatParams, GetChatHistoryResponse, PostChatMessageBody } from './ai/chat';
export { CreatePaperPlanBody, CreatePaperPlanResponse, GetPaperPlansResponse, LabParams, PaperPlan } from './ai/lab';
export {
  Feed, FeedCoinImpact, FeedContent, FeedEventType, FeedFilter, FeedHeat, FeedIdParams, FeedImpactHorizon, FeedImportance, FeedLangQuery, FeedsStreamEvent, FeedTrend,
  GetFeedQuery, GetFeedResponse, GetHotTop5Query, GetHotTop5Response, GetLatestFeedsQuery, GetLatestFeedsResponse, GetNewsFilterResponse, GetSotdQuery,
  GetSotdResponse, HOT_HEAT, LatestFeeds, NewsFilter, PutNewsFilterBody, PutNewsFilterResponse, RefreshSotdQuery, RefreshSotdResponse, RelatedCryptocurrency,
  SOTD_STREAM, SotdStreamError, SotdStreamQuery, StoryOfTheDay, GetSourceDelaysResponse, SourceDelay, SourceDelays, WebSubParams, WebSubVerifyQuery, GetSentimentAccuracyResponse, SentimentAccuracy, SentimentAccuracySet,
} from './feeds/index';
export { Bilingual, LabelledTaResult, LevelProbabilities, Probability, ProbabilityWording, WordingCalibration, SignalDirection, TaLevel, TaResult, TaSignal } from './signals/analysis';
export { applyHolm, EDGE_ALPHA, EdgeStat, EdgeVerdict, edgeStat, formatEdge, formatN, holmAdjust, type Interval, newcombeInterval, NO_MEASURABLE_EDGE, normalCdf, roundEdge, roundPct, roundPValue, roundRate, twoProportionPValue, wilsonInterval, Z95 } from './signals/edge';
export {
  AccuracyFigure, CoinTaParams, CoinTaQuery, CoinWithSignals, GetCoinTaResponse, GetLatestAccuracyResponse, GetPatternStatsResponse, GetSignalsPageResponse,
  GetTrackRecordResponse, GetWithSignalsResponse, LatestAccuracy, LatestAccuracyQuery, PatternSamples, PatternStat, PatternStats, PatternStatsQuery, SignalItem, SignalsPage, SignalTaResult,
  SignalsPageQuery, SignalStatus, TimeframeAccuracy, TrackRecord, TrackRecordItem, TrackRecordQuery, WithSignalsQuery,
} from './signals/api';
export { EMPTY_SAMPLE, patternSample, type PatternSampleKey } from './signals/pattern-samples';
export { levelsAtPrice, LEVELS_PER_SIDE } from './signals/levels-at-price';
export { Backtest, BacktestQuery, BacktestStats, EquityPoint, GetBacktestResponse, PatternBacktest } from './signals/backtest';
export {
  BindInvitationBody, BindInvitationResponse, BindInvitationResult, CheckTransactionStatusQuery, CreatePaymentBody, EvmAddress, GetInvitationCodeResponse,
  GetSubscriptionPlansQuery, GetSubscriptionPlansResponse, GetUsageResponse, InvitationCode, PaidPlanKey, PaymentIdParams, PaymentNetwork, PaymentOrder,
  PaymentOrderResponse, PaymentStatus, PaymentToken, PlanKey, PlanPeriod, PlanTier, PlanType, SubmitPaymentTxBody, SubscriptionPlan, SubscriptionPlansResult,
  TxHash, Usage, UsageKind, WalletBalance, WalletBalanceQuery, WalletBalanceResponse, WalletProof,
} from './billing/index';
export { Following, FollowingParams, FollowResponse, GetFollowingResponse } from './following/api';
export { CollectEventBody, CollectEventResponse, EVENT_LIMITS, EventProps, GetConfigResponse, PublicConfig, Utm } from './analytics/collect-event';
export {
  CalibratedWording, Calibration, CalibrationGroup, CalibrationQuery, CoverageSeries, EvidenceCoverage, EvidenceOrigin, GetEvidenceCoverageResponse, ForecastKind, GetCalibrationResponse, GetStrategyRecordResponse, ReliabilityBin,
  ScoredStrategy, StrategyRecord, StrategyRecordQuery, StrategyRecordRow,
} from './calibration/api';
export {
  GetNewsRecordResponse, GetRecordEntriesResponse, GetRecordRootsResponse, InformationCoefficient, NewsRecord, NewsRecordDimension, NewsRecordHorizon, NewsRecordQuery,
  NewsRecordRow, NewsRecordTable, RecordDayRoot, RecordEntries, RecordEntriesQuery, RecordEntry, RecordRoots,
} from './record/api';
