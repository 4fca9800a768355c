import { z } from 'zod';
import { resultOf } from '../common/envelope';
import { Avatar, Profile, StoredLocale, User } from './user';

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
