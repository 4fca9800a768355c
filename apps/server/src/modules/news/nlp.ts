/**
 * The parts of @coinlens/nlp the news pipeline uses, in one place: sentiment (TFNS-trained
 * classifier + crypto rules), coin tagging, event clustering and importance scoring.
 */
export {
  assignCluster,
  bestSourceTier,
  classifySentiment,
  scoreImportance,
  tagCoins,
  titleSignature,
  type ClusterableNews,
  type ImportanceLevel,
  type NewsCluster,
  type SentimentResult,
  type TaggableCoin,
} from '@coinlens/nlp';
