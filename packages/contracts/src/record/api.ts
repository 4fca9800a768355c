import { endpoint } from '../api/endpoint';
import { ROUTES } from '../api/routes';
import { ErrorResponse } from '../common/envelope';
import { GetNewsRecordResponse, GetRecordEntriesResponse, GetRecordRootsResponse, NewsRecordQuery, RecordEntriesQuery } from './endpoints';

const errors = { 400: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse };

/** Tamper-evident record and news-record endpoints. */
export const recordApi = {
  getRecordRoots: endpoint(ROUTES.getRecordRoots, {
    tags: ['signals'],
    summary: 'Daily roots of the tamper-evident record: the SHA-256 hash-chain head at the end of each UTC day, with the head of the chain',
    response: { 200: GetRecordRootsResponse, ...errors },
  }),
  getRecordEntries: endpoint(ROUTES.getRecordEntries, {
    tags: ['signals'],
    summary: 'Entries of the tamper-evident record in chain order (canonical body, previous hash, hash), to recompute a published root',
    querystring: RecordEntriesQuery,
    response: { 200: GetRecordEntriesResponse, ...errors },
  }),
  getNewsRecord: endpoint(ROUTES.getNewsRecord, {
    tags: ['feeds'],
    summary: 'News marks scored against price at +1h and +24h: hit rate against the base rate of the same coin, edge with an episode-based interval, information coefficient, per source, event type and language',
    querystring: NewsRecordQuery,
    response: { 200: GetNewsRecordResponse, ...errors },
  }),
};
