import { z } from 'zod';

/** Avatar preset keys: a0 is the default (never offered), a1..a8 are the eight presets. */
export const AVATAR_KEYS = ['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'] as const;
export const AvatarKey = z.enum(AVATAR_KEYS);
export type AvatarKey = z.infer<typeof AvatarKey>;

/** `{type: 'preset', key}`. */
export const Avatar = z.object({ type: z.literal('preset'), key: AvatarKey });
export type Avatar = z.infer<typeof Avatar>;

/** Stored locale form: `en_US` or `zh_CN`. */
export const StoredLocale = z.enum(['en_US', 'zh_CN']);
export type StoredLocale = z.infer<typeof StoredLocale>;

/** Sign-in providers that can be linked to an account. */
export const SocialProvider = z.enum(['google', 'x', 'telegram', 'metamask']);
export type SocialProvider = z.infer<typeof SocialProvider>;

/** A linked identity: provider_uid is the Google/X/Telegram user id or the lower-case wallet address. */
export const SocialLogin = z.object({
  provider: SocialProvider,
  provider_uid: z.string(),
  email: z.string().nullable(),
  display_name: z.string().nullable(),
  created_at: z.string(),
});
export type SocialLogin = z.infer<typeof SocialLogin>;

/** A user's profile. `birthday` is `YYYY-MM-DD` or null. */
export const Profile = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  biography: z.string(),
  birthday: z.string().nullable(),
  nickname: z.string(),
  avatar: Avatar,
});
export type Profile = z.infer<typeof Profile>;

/**
 * The user as returned by `GET /api/users/profile/me`. Subscription dates are ISO 8601 (UTC) or
 * null; `isPro` is true while `subscription_end_date` is in the future. `has_password` tells the
 * settings page whether removing the last social login would lock the user out; `wallet_only`
 * marks accounts created from a wallet signature (never linkable to an e-mail).
 */
export const User = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  language: StoredLocale,
  timezone: z.string(),
  cookie_accepted: z.boolean(),
  permissions: z.array(z.string()),
  social_logins: z.array(SocialLogin),
  profile: Profile,
  isPro: z.boolean(),
  subscription_start_date: z.string().nullable(),
  subscription_end_date: z.string().nullable(),
  isUsedInvitationCode: z.boolean(),
  has_password: z.boolean(),
  wallet_only: z.boolean(),
});
export type User = z.infer<typeof User>;
