import { z } from 'zod';
import { ErrorResponse, resultOf } from '../common/envelope';
import { Avatar, Profile, StoredLocale, User } from './user';
import { BEARER, endpoint, GET, PATCH, POST } from '../api/endpoint';
import { AccountExport, DeleteAccountBody, DeleteAccountMessageQuery, DeleteAccountMessageResponse, DeleteAccountResponse } from './account-data';

/** `GET /api/users/profile/me` → the signed-in user (401 without a valid session). */
export const GetMeResponse = resultOf(User);
export type GetMeResponse = z.infer<typeof GetMeResponse>;

/** Path parameter `{id}` of the users endpoints (the caller's own id; another id → 403). */
export const UserIdParams = z.object({ id: z.coerce.number().int().positive() });

/** `PATCH /api/users/{id}` body: `{language}` (`en_US`, `zh_CN`; hyphen forms accepted). */
export const UpdateUserBody = z.object({
  language: z
    .string()
    .transform((s) => s.replace('-', '_'))
    .pipe(StoredLocale),
});
export type UpdateUserBody = z.input<typeof UpdateUserBody>;

/** `PATCH /api/users/accept-cookies/{id}` → `{cookie_accepted: true}`. */
export const AcceptCookiesResponse = resultOf(z.object({ cookie_accepted: z.boolean() }));

/** `PATCH /api/users/{id}` answer. */
export const UpdateUserResponse = resultOf(z.object({ language: StoredLocale }));

/** Editable profile fields; birthday `YYYY-MM-DD` (not in the future) or null. */
export const ProfileInput = z.object({
  nickname: z.string().trim().max(40).optional(),
  biography: z.string().trim().max(500).optional(),
  birthday: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'not a date')
    .nullable()
    .optional(),
  avatar: Avatar.optional(),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

/** `GET/POST /api/users/profile`, `PATCH /api/users/profile/{id}` → the profile. */
export const ProfileResponse = resultOf(Profile);
export type ProfileResponse = z.infer<typeof ProfileResponse>;

// ---- endpoint descriptors: method, path and the schemas above ----------------------------------

const tags = ['users'];
const security = BEARER;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** The signed-in user, language, cookie consent and profile. All need a session. */
export const usersApi = {
  getMe: endpoint(GET('/api/users/profile/me'), { tags, security, summary: 'The signed-in user: profile, permissions, membership', response: { 200: GetMeResponse, ...errors } }),
  updateUser: endpoint(PATCH('/api/users/:id'), { tags, security, summary: "Change the user's language", params: UserIdParams, body: UpdateUserBody, response: { 200: UpdateUserResponse, ...errors } }),
  acceptCookies: endpoint(PATCH('/api/users/accept-cookies/:id'), { tags, security, summary: 'Record cookie consent', params: UserIdParams, response: { 200: AcceptCookiesResponse, ...errors } }),
  getProfile: endpoint(GET('/api/users/profile'), { tags, security, summary: "The caller's profile", response: { 200: ProfileResponse, ...errors } }),
  saveProfile: endpoint(POST('/api/users/profile'), { tags, security, summary: "Save the caller's profile (nickname, biography, birthday, avatar)", body: ProfileInput, response: { 200: ProfileResponse, ...errors } }),
  patchProfile: endpoint(PATCH('/api/users/profile/:id'), {
    tags,
    security,
    summary: 'Update profile fields (id = profile id or user id of the caller)',
    params: UserIdParams,
    body: ProfileInput,
    response: { 200: ProfileResponse, ...errors },
  }),
  exportAccount: endpoint(GET('/api/users/me/export'), { tags, security, summary: 'Everything held about the caller, as a JSON download', response: { 200: AccountExport, ...errors } }),
  deleteAccount: endpoint(POST('/api/users/me/delete'), {
    tags,
    security,
    summary: 'Delete the account after re-authentication (password; a fresh SIWE signature for wallet accounts without one; else the typed user name)',
    body: DeleteAccountBody,
    response: { 200: DeleteAccountResponse, ...errors },
  }),
  deleteAccountMessage: endpoint(GET('/api/users/me/delete/siwe'), {
    tags,
    security,
    summary: "The EIP-4361 message a wallet of the caller's account signs to confirm deleting it (single-use nonce)",
    querystring: DeleteAccountMessageQuery,
    response: { 200: DeleteAccountMessageResponse, ...errors },
  }),
};
