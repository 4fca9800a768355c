import { endpoint, GET, POST } from '../api/endpoint';
import { ErrorResponse } from '../common/envelope';
import { CollectEventBody, CollectEventResponse, GetConfigResponse } from './collect-event';

const collect = {
  tags: ['analytics'],
  summary: 'Record a page view or custom event (stored only when analytics is on and the page is on the analytics host)',
  body: CollectEventBody,
  response: { 200: CollectEventResponse, 400: ErrorResponse, 413: ErrorResponse, 429: ErrorResponse },
};

/** Self-hosted analytics (`POST /collect_event`, also under `/api/collect_event`) and the public runtime config. */
export const analyticsApi = {
  collectEvent: endpoint(POST('/collect_event'), collect),
  collectEventApi: endpoint(POST('/api/collect_event'), collect),
  getConfig: endpoint(GET('/api/config'), { tags: ['config'], summary: 'Public runtime configuration', response: { 200: GetConfigResponse } }),
};
