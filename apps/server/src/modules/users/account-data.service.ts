import { verify as argon2Verify } from '@node-rs/argon2';
import type { AccountExport, DeleteAccountBody } from '@coinlens/contracts';
import { AppError } from '../../platform/errors';
import type { SiweService } from '../auth/siwe.service';
import type { AccountDataRepository } from './account-data.repository';
import type { UsersRepository } from './users.repository';

/** Account data export and account deletion (privacy policy; user agreement §5.2). */
export class AccountDataService {
  constructor(
    private readonly d: { repo: AccountDataRepository; users: UsersRepository; siwe: SiweService; now?: () => number },
  ) {}

  /** Everything held about `userId` (contract `AccountExport`). 401 SESSION_EXPIRED when the account is gone. */
  async exportOf(userId: number): Promise<AccountExport> {
    const x = await this.d.repo.exportOf(userId);
    if (!x) throw new AppError('SESSION_EXPIRED');
    return { format: 'coinlens-account-export/1', exported_at: new Date((this.d.now ?? Date.now)()).toISOString(), account: x.account, data: x.data };
  }

  /** Lower-case addresses of the wallets (MetaMask identities) linked to `userId`. */
  private async walletsOf(userId: number): Promise<string[]> {
    return (await this.d.users.socialLoginsOf(userId)).filter((l) => l.provider === 'metamask').map((l) => l.providerUid.toLowerCase());
  }

  /**
   * The EIP-4361 message with which the wallet `address` of account `userId` confirms deleting it
   * (single-use nonce, 10 minutes; domain and URI from `origin`). 403 REAUTH_FAILED when the address
   * is not a wallet of the account; 401 SESSION_EXPIRED when the account is gone.
   */
  async deletionMessage(userId: number, address: string, origin: string): Promise<{ nonce: string; message: string; expires_at: string }> {
    if (!(await this.d.users.byId(userId))) throw new AppError('SESSION_EXPIRED');
    if (!(await this.walletsOf(userId)).includes(address.toLowerCase())) throw new AppError('REAUTH_FAILED', 'Not a wallet of this account');
    return this.d.siwe.createMessage(address, origin, { kind: 'delete_account', userId });
  }

  /**
   * Re-authenticates and deletes the account (see `AccountDataRepository.erase`). An account with a
   * password must send it; one without a password but with a linked wallet must send `siwe`, that
   * wallet's signature of a fresh {@link deletionMessage} (checked for this account, the deployment's
   * host as `host()` returns it, chain and nonce, which it spends); one with neither (Google, X or Telegram only) must
   * type its user name in `confirm`. 403 REAUTH_FAILED otherwise (`details.reason` names a failed
   * SIWE check). Returns the number of payment orders kept.
   */
  async delete(userId: number, body: DeleteAccountBody, host: () => string): Promise<number> {
    const user = await this.d.users.byId(userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    const wallets = user.passwordHash ? [] : await this.walletsOf(userId);
    let ok: boolean;
    if (user.passwordHash) ok = !!body.password && (await argon2Verify(user.passwordHash, body.password).catch(() => false));
    else if (wallets.length > 0) ok = await this.walletSigned(userId, wallets, body.siwe, host);
    else ok = !!body.confirm && body.confirm.trim().toLowerCase() === user.username.trim().toLowerCase();
    if (!ok) throw new AppError('REAUTH_FAILED', 'Re-authentication failed');
    return this.d.repo.erase(userId);
  }

  /** Whether `siwe` is a valid, fresh deletion signature of one of `wallets` for `userId` (its nonce is spent). */
  private async walletSigned(userId: number, wallets: string[], siwe: DeleteAccountBody['siwe'], host: () => string): Promise<boolean> {
    if (!siwe || !wallets.includes(siwe.address.toLowerCase())) return false;
    const expectedHost = host();
    try {
      await this.d.siwe.verify(siwe.address, siwe.message, siwe.signature, expectedHost, 'REAUTH_FAILED', { kind: 'delete_account', userId });
      return true;
    } catch (e) {
      if (e instanceof AppError) throw new AppError('REAUTH_FAILED', 'Re-authentication failed', { details: { reason: e.code } });
      throw e;
    }
  }
}
