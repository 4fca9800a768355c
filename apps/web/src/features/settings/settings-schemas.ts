import { z } from 'zod';
import { ProfileInput } from '@coinlens/contracts/users/api';
import { keyedResolver } from '../auth';

/** Today as `YYYY-MM-DD` (UTC, like the server). */
export function todayYmd(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The profile form, from the contract's `ProfileInput` (nickname ≤ 40, biography ≤ 500 characters
 * after trimming; birthday `YYYY-MM-DD`), with the form's empty birthday ('' = none) and a birthday
 * not in the future. Error messages are keys read by ProfileSection: `tooLong40`, `tooLong500`,
 * `invalid`.
 */
export const ProfileForm = z.object({
  nickname: ProfileInput.shape.nickname.unwrap(),
  biography: ProfileInput.shape.biography.unwrap(),
  birthday: z.string().refine((s) => s === '' || (ProfileInput.shape.birthday.safeParse(s).success && s <= todayYmd())),
});
export const profileResolver = keyedResolver(ProfileForm, { nickname: () => 'tooLong40', biography: () => 'tooLong500', birthday: () => 'invalid' });
