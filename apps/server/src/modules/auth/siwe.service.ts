import { getAddress, isAddressEqual, recoverMessageAddress, type Address, type Hex } from 'viem';
import { createSiweMessage, generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { AppError } from '../../platform/errors';
import type { AuthRepository } from './auth.repository';

/** Lifetime of a SIWE nonce and of its message's `expirationTime`. */
export const SIWE_TTL_MS = 10 * 60_000;

/**
 * What a SIWE message is for: signing in (or linking a wallet), or confirming the deletion of the
 * account `userId`. The purpose is written into the message (statement and `requestId`) and
 * checked on verify, so a signature given for one purpose or account never serves another.
 */
export type SiwePurpose = { kind: 'sign_in' } | { kind: 'delete_account'; userId: number };

const SIGN_IN: SiwePurpose = { kind: 'sign_in' };

/** The statement and request id written into a message of `purpose`. */
function wordingOf(purpose: SiwePurpose): { statement: string; requestId?: string } {
  if (purpose.kind === 'delete_account') {
    return {
      statement: 'Delete my Coinlens account and its data for good. Signing confirms the deletion; it does not trigger a blockchain transaction or cost any gas.',
      requestId: `delete-account:${purpose.userId}`,
    };
  }
  return { statement: 'Sign in to Coinlens. This request does not trigger a blockchain transaction or cost any gas.' };
}

/**
 * Sign-In with Ethereum (EIP-4361) with viem's `viem/siwe`. The server writes the whole message
 * (domain, URI, chain id, nonce, issued-at, expiration) and keeps it with a single-use nonce; a
 * sign-in must return exactly that message, signed by the address it names (EOA signature,
 * recovered offline). Replays, foreign signatures, other domains or chains and expired nonces fail.
 */
export class SiweService {
  private readonly repo: AuthRepository;

  /** `chainId`: the chain id written into and required from messages (`SIWE_CHAIN_ID`); `now`: wall time. */
  constructor(repo: AuthRepository, private readonly chainId: number, private readonly now: () => number = Date.now) {
    this.repo = repo;
  }

  /**
   * Creates a nonce and the message to sign for `address` on `origin` (e.g. `https://coinlens.example`),
   * for `purpose` (default: signing in). 403 PUBLIC_ORIGIN_REQUIRED when the origin's host is an IPv6
   * literal (not a valid SIWE domain).
   */
  async createMessage(address: string, origin: string, purpose: SiwePurpose = SIGN_IN): Promise<{ nonce: string; message: string; expires_at: string }> {
    const url = new URL(origin);
    const now = this.now();
    const nonce = generateSiweNonce();
    // viem accepts only RFC 3986 reg-names and IPv4 as the domain (not an IPv6 literal such as [::1]).
    if (url.hostname.startsWith('[')) throw new AppError('PUBLIC_ORIGIN_REQUIRED', 'An IPv6 literal cannot be a SIWE domain: open the site on localhost or set PUBLIC_ORIGIN');
    const message = createSiweMessage({
      address: getAddress(address),
      chainId: this.chainId,
      domain: url.host,
      uri: url.origin,
      nonce,
      version: '1',
      ...wordingOf(purpose),
      issuedAt: new Date(now),
      expirationTime: new Date(now + SIWE_TTL_MS),
    });
    // also drops nonces that ended an hour ago
    await this.repo.saveSiweNonce({ nonce, address: address.toLowerCase(), message, createdAt: now, expiresAt: now + SIWE_TTL_MS });
    return { nonce, message, expires_at: new Date(now + SIWE_TTL_MS).toISOString() };
  }

  /**
   * Verifies a signed message for `address` and consumes its nonce. `expectedHost` is the domain
   * this deployment answers for; `purpose` the one the message must have been created for (default:
   * signing in). Errors: 401 SIWE_NONCE_INVALID (unknown, used or expired nonce), 400
   * SIWE_MESSAGE_INVALID (message not the one handed out, other address/domain/chain/purpose),
   * `signatureError` when the signature is not the address's.
   */
  async verify(
    address: string,
    message: string,
    signature: string,
    expectedHost: string,
    signatureError: 'METAMASK_LOGIN_FAILED' | 'METAMASK_CONNECT_FAILED' | 'WALLET_SIGNATURE_INVALID' | 'REAUTH_FAILED',
    purpose: SiwePurpose = SIGN_IN,
  ): Promise<Address> {
    let parsed: ReturnType<typeof parseSiweMessage>;
    try {
      parsed = parseSiweMessage(message);
    } catch {
      throw new AppError('SIWE_MESSAGE_INVALID');
    }
    if (!parsed.nonce) throw new AppError('SIWE_MESSAGE_INVALID');
    const now = this.now();
    const row = await this.repo.siweNonce(parsed.nonce);
    if (!row || row.usedAt != null || row.expiresAt <= now) throw new AppError('SIWE_NONCE_INVALID');
    if (row.message !== message || row.address !== address.toLowerCase()) throw new AppError('SIWE_MESSAGE_INVALID');
    const wording = wordingOf(purpose);
    const fieldsOk =
      parsed.chainId === this.chainId &&
      parsed.statement === wording.statement &&
      parsed.requestId === wording.requestId &&
      validateSiweMessage({ message: parsed, address: getAddress(address), domain: expectedHost, nonce: row.nonce, time: new Date(now) });
    if (!fieldsOk) throw new AppError('SIWE_MESSAGE_INVALID');
    // Single use: whatever the signature, this nonce is spent now.
    if (!(await this.repo.spendSiweNonce(row.nonce, now))) throw new AppError('SIWE_NONCE_INVALID');
    let signer: Address;
    try {
      signer = await recoverMessageAddress({ message, signature: signature as Hex });
    } catch {
      throw new AppError(signatureError, 'Bad signature');
    }
    if (!isAddressEqual(signer, getAddress(address))) throw new AppError(signatureError, 'Signature of another address');
    return getAddress(address);
  }
}
