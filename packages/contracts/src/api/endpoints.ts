import { aiApi } from '../ai/api';
import { alertsApi } from '../alerts/api';
import { pushApi } from '../alerts/push';
import { analyticsApi } from '../analytics/api';
import { authApi } from '../auth/api';
import { billingApi } from '../billing/api';
import { calibrationApi } from '../calibration/api';
import { feedsApi } from '../feeds/api';
import { followingApi } from '../following/api';
import { healthApi } from '../health/api';
import { marketApi } from '../market/api';
import { recordApi } from '../record/api';
import { screenerApi } from '../screener/api';
import { signalsApi } from '../signals/api';
import { usersApi } from '../users/api';
import type { Endpoint, EndpointInput, EndpointResult } from './endpoint';
import type { EndpointName } from './routes';

/**
 * Every endpoint descriptor of the API by name: each endpoint (method, path and schemas) is
 * written once, in its area's `api.ts`. The server registers its routes from these, `npm run
 * openapi` writes the OpenAPI document from them, `npm run contracts:routes` writes the zod-free
 * `ROUTES` (`routes.ts`) from them, and the web types its client with them (type-only).
 */
export const ENDPOINTS = {
  ...marketApi,
  ...signalsApi,
  ...screenerApi,
  ...calibrationApi,
  ...recordApi,
  ...feedsApi,
  ...followingApi,
  ...alertsApi,
  ...pushApi,
  ...aiApi,
  ...usersApi,
  ...billingApi,
  ...authApi,
  ...analyticsApi,
  ...healthApi,
} satisfies Record<EndpointName, Endpoint>;

/** The descriptor table's type (what the web client imports, type-only). */
export type Endpoints = typeof ENDPOINTS;

/** Input (`{params?, query?, body?}`) of the endpoint named `N`. */
export type ApiInput<N extends EndpointName> = EndpointInput<Endpoints[N]>;

/** Unwrapped `result` of the endpoint named `N`. */
export type ApiResult<N extends EndpointName> = EndpointResult<Endpoints[N]>;
