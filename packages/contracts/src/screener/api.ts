import { BEARER, DELETE, endpoint, GET, POST, PUT } from '../api/endpoint';
import { ErrorResponse } from '../common/envelope';
import { DeleteSavedScreenResponse, GetSavedScreensResponse, GetScreenCatalogueResponse, RunScreenResponse, SavedScreenResponse, SaveScreenBody, Screen, ScreenIdParams } from './screen';

const tags = ['screener'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/**
 * The screener: run a screen over every listed coin's analysis of a timeframe (anyone), the
 * catalogue of fields and patterns, and saved screens of signed-in users (Free 1, Pro 20:
 * 409 SCREEN_LIMIT_REACHED). An enter alert on a saved screen is an alert rule of kind `screen`
 * (`POST /api/alerts/rules`).
 */
export const screenerApi = {
  runScreen: endpoint(POST('/api/screener/run'), {
    tags,
    summary: 'Run a screen: the coins whose latest analysis of the timeframe meets its conditions, sorted, with the figures that matched (400 VALIDATION_FAILED names the failing condition)',
    body: Screen,
    response: { 200: RunScreenResponse, ...errors },
  }),
  getScreenCatalogue: endpoint(GET('/api/screener/catalogue'), { tags, summary: 'Fields a condition can name and the signal patterns of the catalogue', response: { 200: GetScreenCatalogueResponse, ...errors } }),
  getSavedScreens: endpoint(GET('/api/screener/screens'), { tags, summary: 'Saved screens of the caller with the plan limit and each screen\'s enter alert', security: BEARER, response: { 200: GetSavedScreensResponse, ...errors } }),
  createSavedScreen: endpoint(POST('/api/screener/screens'), { tags, summary: 'Save a screen (409 SCREEN_LIMIT_REACHED past the plan limit: Free 1, Pro 20)', security: BEARER, body: SaveScreenBody, response: { 200: SavedScreenResponse, ...errors } }),
  updateSavedScreen: endpoint(PUT('/api/screener/screens/:id'), { tags, summary: 'Rename or change a saved screen (its enter alert starts from a new baseline)', security: BEARER, params: ScreenIdParams, body: SaveScreenBody, response: { 200: SavedScreenResponse, ...errors } }),
  deleteSavedScreen: endpoint(DELETE('/api/screener/screens/:id'), { tags, summary: 'Delete a saved screen and its enter alerts', security: BEARER, params: ScreenIdParams, response: { 200: DeleteSavedScreenResponse, ...errors } }),
};
