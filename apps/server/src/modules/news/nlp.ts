/**
 * The parts of @coinlens/nlp the news pipeline uses, in one place: sentiment (the v2 headline
 * classifier, English and Chinese) and direction per coin, coin tagging, event clustering and importance scoring.
 */
export {
  assignCluster,
  bestSourceTier,
  classifyEventType,
  meanInterval95,
  EVENT_TYPES,
  EVENT_TYPE_NAMES,
  classifySentiment,
  directionsByCoin,
  scoreImportance,
  sentimentAccuracy,
  tagCoins,
  titleSignature,
  type ClusterableNews,
  type ImportanceLevel,
  type NewsCluster,
  type SentimentResult,
  type TaggableCoin,
} from '@coinlens/nlp';
