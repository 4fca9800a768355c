import { verify as argon2Verify } from '@node-rs/argon2';
import type { AccountExport, DeleteAccountBody } from '@coinlens/contracts';
import { AppError } from '../../platform/errors';
import type { AccountDataRepository } from './account-data.repository';
import type { UsersRepository } from './users.repository';

/** Account data export and account deletion (privacy policy; user agreement §5.2). */
export class AccountDataService {
  constructor(
    private readonly d: { repo: AccountDataRepository; users: UsersRepository; now?: () => number },
  ) {}

  /** Everything held about `userId` (contract `AccountExport`). 401 SESSION_EXPIRED when the account is gone. */
  async exportOf(userId: number): Promise<AccountExport> {
    const x = await this.d.repo.exportOf(userId);
    if (!x) throw new AppError('SESSION_EXPIRED');
    return { format: 'coinlens-account-export/1', exported_at: new Date((this.d.now ?? Date.now)()).toISOString(), account: x.account, data: x.data };
  }

  /**
   * Re-authenticates and deletes the account (see `AccountDataRepository.erase`). An account with a
   * password must send it; one without (wallet or social sign-in only) must type its user name in
   * `confirm`. 403 REAUTH_FAILED otherwise. Returns the number of payment orders kept.
   */
  async delete(userId: number, body: DeleteAccountBody): Promise<number> {
    const user = await this.d.users.byId(userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    const ok = user.passwordHash
      ? !!body.password && (await argon2Verify(user.passwordHash, body.password).catch(() => false))
      : !!body.confirm && body.confirm.trim().toLowerCase() === user.username.trim().toLowerCase();
    if (!ok) throw new AppError('REAUTH_FAILED', 'Re-authentication failed');
    return this.d.repo.erase(userId);
  }
}
