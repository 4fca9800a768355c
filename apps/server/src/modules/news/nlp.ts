/**
 * The parts of @coinlens/nlp the news pipeline uses, in one place: sentiment (TFNS-trained
 * classifier + crypto rules), coin tagging, event clustering and importance scoring.
 */
export { classifySentiment, type SentimentResult } from '@coinlens/nlp/sentiment/classify';
export { tagCoins, type TaggableCoin } from '@coinlens/nlp/coins/tag-coins';
export { assignCluster, titleSignature, type NewsCluster, type ClusterableNews } from '@coinlens/nlp/cluster/cluster-news';
export { scoreImportance, type ImportanceLevel } from '@coinlens/nlp/importance/score-importance';
export { bestSourceTier } from '@coinlens/nlp/importance/source-tiers';
