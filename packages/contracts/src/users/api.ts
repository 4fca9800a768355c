import { BEARER, endpoint } from '../api/endpoint';
import { ROUTES } from '../api/routes';
import { ErrorResponse } from '../common/envelope';
import { AccountExport, DeleteAccountBody, DeleteAccountMessageQuery, DeleteAccountMessageResponse, DeleteAccountResponse } from './account-data';
import { AcceptCookiesResponse, GetMeResponse, ProfileInput, ProfileResponse, UpdateUserBody, UpdateUserResponse, UserIdParams } from './endpoints';

const tags = ['users'];
const security = BEARER;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** The signed-in user, language, cookie consent and profile. All need a session. */
export const usersApi = {
  getMe: endpoint(ROUTES.getMe, { tags, security, summary: 'The signed-in user: profile, permissions, membership', response: { 200: GetMeResponse, ...errors } }),
  updateUser: endpoint(ROUTES.updateUser, { tags, security, summary: "Change the user's language", params: UserIdParams, body: UpdateUserBody, response: { 200: UpdateUserResponse, ...errors } }),
  acceptCookies: endpoint(ROUTES.acceptCookies, { tags, security, summary: 'Record cookie consent', params: UserIdParams, response: { 200: AcceptCookiesResponse, ...errors } }),
  getProfile: endpoint(ROUTES.getProfile, { tags, security, summary: "The caller's profile", response: { 200: ProfileResponse, ...errors } }),
  saveProfile: endpoint(ROUTES.saveProfile, { tags, security, summary: "Save the caller's profile (nickname, biography, birthday, avatar)", body: ProfileInput, response: { 200: ProfileResponse, ...errors } }),
  patchProfile: endpoint(ROUTES.patchProfile, {
    tags,
    security,
    summary: 'Update profile fields (id = profile id or user id of the caller)',
    params: UserIdParams,
    body: ProfileInput,
    response: { 200: ProfileResponse, ...errors },
  }),
  exportAccount: endpoint(ROUTES.exportAccount, { tags, security, summary: 'Everything held about the caller, as a JSON download', response: { 200: AccountExport, ...errors } }),
  deleteAccount: endpoint(ROUTES.deleteAccount, {
    tags,
    security,
    summary: 'Delete the account after re-authentication (password; a fresh SIWE signature for wallet accounts without one; else the typed user name)',
    body: DeleteAccountBody,
    response: { 200: DeleteAccountResponse, ...errors },
  }),
  deleteAccountMessage: endpoint(ROUTES.deleteAccountMessage, {
    tags,
    security,
    summary: "The EIP-4361 message a wallet of the caller's account signs to confirm deleting it (single-use nonce)",
    querystring: DeleteAccountMessageQuery,
    response: { 200: DeleteAccountMessageResponse, ...errors },
  }),
};
