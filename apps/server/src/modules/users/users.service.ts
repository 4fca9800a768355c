import type { Profile, ProfileInput, StoredLocale, User } from '@coinlens/contracts';
import { AppError } from '../../platform/errors';
import { PermissionPolicy } from '../../platform/permissions';
import type { ProfileRow, UserRow, UsersRepository } from './users.repository';

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/** Profile row → the API's `Profile` (packages/contracts/src/users/user.ts). */
export function toProfile(p: ProfileRow): Profile {
  const key = /^a[0-8]$/.test(p.avatar?.key ?? '') ? (p.avatar.key as Profile['avatar']['key']) : 'a0';
  return { id: p.id, user_id: p.userId, biography: p.biography, birthday: p.birthday, nickname: p.nickname, avatar: { type: 'preset', key } };
}

/** The name stored by the client after sign-in: nickname, else username. */
export function displayNameOf(u: UserRow, p?: ProfileRow | null): string {
  return p?.nickname || u.username;
}

/** Profile, language, cookie consent. Wall time from `now`. */
export class UsersService {
  constructor(
    readonly repo: UsersRepository,
    private readonly now: () => number = Date.now,
    private readonly permissions: PermissionPolicy = new PermissionPolicy(),
  ) {}

  /** The full user of `id`; 401 SESSION_EXPIRED if the account is gone. */
  async me(id: number): Promise<User> {
    const u = await this.repo.byId(id);
    if (!u) throw new AppError('SESSION_EXPIRED');
    const [profile, logins] = await Promise.all([this.repo.profileOf(id), this.repo.socialLoginsOf(id)]);
    return {
      id: u.id,
      username: u.username,
      email: u.email,
      email_verified: u.emailVerified,
      language: (u.language === 'zh_CN' ? 'zh_CN' : 'en_US') as StoredLocale,
      timezone: u.timezone,
      cookie_accepted: u.cookieAccepted,
      permissions: this.permissions.of(u.permissions, u.emailVerified ? u.email : null),
      social_logins: logins.map((l) => ({
        provider: l.provider as User['social_logins'][number]['provider'],
        provider_uid: l.providerUid,
        email: l.email,
        display_name: l.displayName,
        created_at: new Date(l.createdAt).toISOString(),
      })),
      profile: toProfile(profile),
      isPro: u.subscriptionEndDate != null && u.subscriptionEndDate > this.now(),
      subscription_start_date: iso(u.subscriptionStartDate),
      subscription_end_date: iso(u.subscriptionEndDate),
      isUsedInvitationCode: u.isUsedInvitationCode,
      has_password: u.passwordHash != null,
      wallet_only: u.walletOnly,
    };
  }

  /** Only the caller may change their own record. */
  assertSelf(callerId: number, targetId: number): void {
    if (callerId !== targetId) throw new AppError('FORBIDDEN', 'Not your account');
  }

  async setLanguage(id: number, language: StoredLocale): Promise<StoredLocale> {
    await this.repo.update(id, { language });
    return language;
  }

  async acceptCookies(id: number): Promise<void> {
    await this.repo.update(id, { cookieAccepted: true });
  }

  async profile(userId: number): Promise<Profile> {
    return toProfile(await this.repo.profileOf(userId));
  }

  /** Saves the given fields (none given: changes nothing); a birthday in the future is refused (400 with the field). */
  async updateProfile(userId: number, input: ProfileInput): Promise<Profile> {
    if (input.birthday && Date.parse(`${input.birthday}T00:00:00Z`) > this.now()) {
      throw new AppError('VALIDATION_FAILED', 'birthday in the future', { fields: [{ path: 'body.birthday', message: 'must not be in the future' }] });
    }
    const values: Partial<ProfileRow> = {};
    if (input.nickname !== undefined) values.nickname = input.nickname;
    if (input.biography !== undefined) values.biography = input.biography;
    if (input.birthday !== undefined) values.birthday = input.birthday;
    if (input.avatar !== undefined) values.avatar = input.avatar;
    // Nothing to change (`{}`): the profile as it is.
    if (Object.keys(values).length === 0) return this.profile(userId);
    return toProfile(await this.repo.updateProfile(userId, values));
  }
}
