/**
 * @coinlens/nlp — the built-in news analyst: sentiment of crypto headlines in English and Chinese (v2 model + crypto rules), direction per coin, event types, coin
 * tagging, event clustering, importance/heat and template interpretations (en-US, zh-CN).
 * Pure TypeScript, no network, deterministic. The sentiment weights are read once from
 * packages/nlp/model/sentiment-v2.json (sync, Node).
 */
export { classifySentiment, classifySentimentModelOnly, feedProbabilities, getSentimentModel, meanModelProbabilities, loadSentimentModel, SENTIMENT_MODEL_URL, ZH_RULE_ID, type SentimentResult } from './sentiment/classify.js';
export { sentimentAccuracy, SENTIMENT_EVAL_URL, type SentimentAccuracyFile, type SentimentAccuracySet } from './sentiment/accuracy.js';
export { adjustToPrior, estimatePrior, feedPrior, hourStartOf, FEED_PRIOR_MAX, FEED_PRIOR_MIN, FEED_PRIOR_WINDOW_MS, PRIOR_CLASSES, type ClassVector, type FeedPrior, type PriorEstimate } from './sentiment/prior-shift.js';
export type { SentimentLabel, SentimentModel } from './sentiment/model.js';
export { directionsByCoin, clauseSpans, type CoinDirection, type NamedCoin } from './sentiment/coin-directions.js';
export { domainCues } from './sentiment/domain-cues.js';
export { CRYPTO_RULES, RULE_WEIGHT, RULE_WEIGHT_WEAK, isCryptoText, matchCryptoRule, matchChineseKeywords, type CryptoRule } from './sentiment/crypto-rules.js';
export { tagCoins, type TaggableCoin, type CoinTag } from './coins/tag-coins.js';
export { DEFAULT_COINS, DEFAULT_COIN_ALIASES, type CoinAliasSpec } from './coins/coin-aliases.js';
export { clusterNews, assignCluster, titleSignature, signatureSimilarity, CLUSTER_DEFAULTS, type ClusterableNews, type NewsCluster, type ClusterOptions } from './cluster/cluster-news.js';
export { scoreImportance, TOPIC_WEIGHTS, HEAT_HALF_LIFE_MS, type ImportanceInput, type ImportanceResult, type ImportanceLevel } from './importance/score-importance.js';
export { sourceTier, bestSourceTier, DEFAULT_SOURCE_TIER, type SourceTier } from './importance/source-tiers.js';
export { interpretNews, type InterpretInput, type Interpretation, type NewsImpact } from './interpret/interpret-news.js';
export { detectLanguage } from './lang.js';
export { parseCsv, parseCsvObjects, formatCsv, formatCsvField } from './csv.js';
export { classifyEventType, EVENT_TYPES, EVENT_TYPE_NAMES, type EventType } from './events/event-type.js';
export { meanInterval95, t975 } from './events/event-study.js';
