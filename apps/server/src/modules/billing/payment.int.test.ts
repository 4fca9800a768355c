import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { getAddress, parseUnits } from 'viem';
import { createTestApp } from '../../../test/harness';
import { startTestChain, type TestChain } from '../../../test/chain/test-chain';
import type { AppContext } from '../../context';
import { randomIp } from '../auth/test-helpers';
import { createSignedInUser } from '../../../test/users';

const DAY = 86_400_000;
const PRICE = parseUnits('19.9', 6);

describe('on-chain payments against a Hardhat chain (viem over HTTP JSON-RPC)', () => {
  let chain: TestChain;
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let usdt: `0x${string}`;
  let usdc: `0x${string}`;
  let fake: `0x${string}`;
  let payer: `0x${string}`;
  let other: `0x${string}`;
  let linked: `0x${string}`;
  let merchant: `0x${string}`;

  beforeAll(async () => {
    chain = await startTestChain();
    [, payer, other] = chain.accounts;
    linked = chain.accounts[5];
    merchant = getAddress(chain.accounts[9]);
    usdt = await chain.deployToken('USDT', 6);
    usdc = await chain.deployToken('USDC', 6);
    fake = await chain.deployToken('FAKE', 6);
    for (const t of [usdt, usdc, fake]) {
      for (const w of [payer, other, linked]) await chain.mint(t, w, parseUnits('10000', 6));
    }
    const tokens = [
      { symbol: 'USDT', contract: usdt, decimals: 6 },
      { symbol: 'USDC', contract: usdc, decimals: 6 },
    ];
    const CHAINS = JSON.stringify({
      local: { name: 'Hardhat', chain_id: chain.chainId, rpc_url: chain.url, merchant, tokens },
      // Misconfigured on purpose: says chain 999 but its node is the 31337 chain.
      elsewhere: { name: 'Elsewhere', chain_id: 999, rpc_url: chain.url, merchant, tokens },
    });
    ({ app, ctx, close } = await createTestApp({ symbols: ['BTC'], timeframes: ['1d'], env: { CHAINS, CONFIRMATIONS: '2', PAYMENT_ORDER_TTL_MINUTES: '30', PUBLIC_ORIGIN: 'https://coinlens.test' } }));
  });
  afterAll(async () => {
    await close?.();
    await chain?.close();
  });

  /** A fresh SIWE proof of `wallet`, signed by `signer` (the chain's unlocked account; `wallet` itself unless testing a forgery). */
  const proofOf = async (wallet: `0x${string}`, signer: `0x${string}` = wallet) => {
    // A client address per request: the nonce endpoint is rate-limited per client.
    const { message } = (await app.inject({ url: `/api/auth/metamask/nonce?address=${wallet}`, remoteAddress: randomIp() })).json().result as { message: string };
    return { message, signature: await chain.wallet.signMessage({ account: signer, message }) };
  };
  /** Creates an order; the paying wallet (payer unless given) is proven by a fresh signature unless `proof` is false or given. */
  const createWith = async (auth: object, body: Record<string, unknown> = {}, proof: boolean | { message: string; signature: string } = true) => {
    const wallet = (body.wallet_address as `0x${string}` | undefined) ?? payer;
    const wallet_proof = proof === true ? await proofOf(wallet) : proof === false ? undefined : proof;
    return app.inject({ method: 'POST', url: '/api/payment/create', headers: auth as never, payload: { plan: 'pro_monthly', network: 'local', token_type: 'USDT', wallet_address: wallet, ...(wallet_proof ? { wallet_proof } : {}), ...body } });
  };
  const create = (auth: object, body: Record<string, unknown> = {}) => createWith(auth, body);
  const submit = (auth: object, id: string, tx_hash: string) => app.inject({ method: 'POST', url: `/api/payment/${id}/tx`, headers: auth as never, payload: { tx_hash } });
  const check = (auth: object, id: string) => app.inject({ url: `/api/payment/${id}/check_transaction_status`, headers: auth as never });
  const me = async (auth: object) => (await app.inject({ url: '/api/users/profile/me', headers: auth as never })).json().result;

  it('lists only the configured networks and their tokens', async () => {
    const r = (await app.inject({ url: '/api/payment/subscription_plans?lang=en-US' })).json().result;
    expect(r.payments_enabled).toBe(true);
    expect(r.confirmations).toBe(2);
    expect(r.networks.map((n: { network: string }) => n.network).sort()).toEqual(['elsewhere', 'local']);
    const local = r.networks.find((n: { network: string }) => n.network === 'local');
    expect(local).toMatchObject({ chain_id: chain.chainId, recipient: merchant });
    expect(local.tokens.map((t: { symbol: string }) => t.symbol)).toEqual(['USDT', 'USDC']);
  });

  it('creates an order with the amount in base units; rejects unsupported networks and tokens', async () => {
    const u = await createSignedInUser(ctx, { username: 'orderer' });
    const r = await create(u.headers);
    expect(r.statusCode).toBe(200);
    const o = r.json().result;
    expect(o).toMatchObject({ plan: 'pro_monthly', network: 'local', chain_id: chain.chainId, token_type: 'USDT', token_contract: usdt, decimals: 6, amount: '19900000', amount_display: '19.9', recipient: merchant, status: 'pending', required_confirmations: 2 });
    expect(Date.parse(o.expires_at) - Date.parse(o.created_at)).toBe(30 * 60_000);
    const yearly = (await create(u.headers, { plan: 'pro_yearly', token_type: 'usdc' })).json().result;
    expect(yearly).toMatchObject({ amount: '199000000', token_type: 'USDC', token_contract: usdc });

    const badNet = await create(u.headers, { network: 'ethereum' });
    expect(badNet.statusCode).toBe(400);
    expect(badNet.json().error.code).toBe('UNSUPPORTED_NETWORK');
    const badToken = await create(u.headers, { token_type: 'DAI' });
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json().error.code).toBe('UNSUPPORTED_TOKEN_TYPE');
    expect((await create(u.headers, { plan: 'free' })).statusCode).toBe(400);
    expect((await createWith(u.headers, { wallet_address: '0x123' }, false)).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/payment/create', payload: { plan: 'pro_monthly', network: 'local', token_type: 'USDT', wallet_address: payer } })).statusCode).toBe(401);
  });

  it('reads the wallet balance through balanceOf', async () => {
    const u = await createSignedInUser(ctx, { username: 'balance' });
    const r = await app.inject({ url: `/api/payment/wallet_balance?network=local&symbol=USDT&wallet_address=${payer}&contract_address=${usdt}`, headers: u.headers });
    expect(r.statusCode).toBe(200);
    const b = r.json().result;
    expect(BigInt(b.balance)).toBeGreaterThan(0n);
    expect(b).toMatchObject({ symbol: 'USDT', decimals: 6, contract: usdt });
    const wrong = await app.inject({ url: `/api/payment/wallet_balance?network=local&symbol=USDT&wallet_address=${payer}&contract_address=${fake}`, headers: u.headers });
    expect(wrong.json().error.code).toBe('UNSUPPORTED_TOKEN_TYPE');
  });

  it('an exact payment is credited after the confirmations; a renewal extends from the end date', async () => {
    const u = await createSignedInUser(ctx, { username: 'exact' });
    const o = (await create(u.headers)).json().result;
    const hash = await chain.transfer(payer, usdt, merchant, PRICE);
    const first = (await submit(u.headers, o.id, hash)).json().result;
    expect(first).toMatchObject({ status: 'confirming', confirmations: 1, tx_hash: hash.toLowerCase() });
    expect((await me(u.headers)).isPro).toBe(false);
    await chain.mine(1);
    const paid = (await check(u.headers, o.id)).json().result;
    expect(paid.status).toBe('paid');
    expect(paid.confirmations).toBeGreaterThanOrEqual(2);
    const profile = await me(u.headers);
    expect(profile.isPro).toBe(true);
    const end1 = Date.parse(profile.subscription_end_date);
    expect(Math.abs(end1 - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect(paid.subscription_end_date).toBe(profile.subscription_end_date);

    const o2 = (await create(u.headers, { token_type: 'USDC' })).json().result;
    const hash2 = await chain.transfer(payer, usdc, merchant, PRICE);
    await chain.mine(2);
    const paid2 = (await app.inject({ url: `/api/payment/${o2.id}/check_transaction_status?tx_hash=${hash2}`, headers: u.headers })).json().result;
    expect(paid2.status).toBe('paid');
    const end2 = Date.parse((await me(u.headers)).subscription_end_date);
    expect(end2 - end1).toBe(30 * DAY);
    expect((await me(u.headers)).subscription_start_date).toBe(profile.subscription_start_date);
    const status = (await app.inject({ url: `/api/payment/${o2.id}/status`, headers: u.headers })).json().result;
    expect(status.status).toBe('paid');
    const sub = (await app.inject({ url: '/api/payment/subscription', headers: u.headers })).json().result;
    expect(sub.history).toHaveLength(2);
    expect(sub.history[0]).toMatchObject({ plan: 'pro_monthly', source: 'payment', network: 'local', token_type: 'USDC', total_cost: '19900000' });
  });

  const failsWith = async (label: string, send: () => Promise<`0x${string}`>, reason: string, body: Record<string, unknown> = {}) => {
    const u = await createSignedInUser(ctx, { username: label });
    const o = (await create(u.headers, body)).json().result;
    const hash = await send();
    await chain.mine(3);
    const r = (await submit(u.headers, o.id, hash)).json().result;
    expect(r).toMatchObject({ status: 'failed', failure_reason: reason });
    const again = (await check(u.headers, o.id)).json().result;
    expect(again.status).toBe('failed');
    const profile = await me(u.headers);
    expect(profile.isPro).toBe(false);
    expect(profile.subscription_end_date).toBeNull();
  };

  it('an underpayment never grants Pro', () => failsWith('under', () => chain.transfer(payer, usdt, merchant, PRICE - 1n), 'underpaid'));
  it('a payment in another token never grants Pro', () => failsWith('wrongtoken', () => chain.transfer(payer, fake, merchant, PRICE), 'wrong_token'));
  it('a payment to another recipient never grants Pro', () => failsWith('wrongto', () => chain.transfer(payer, usdt, chain.accounts[3], PRICE), 'wrong_recipient'));
  it('a payment from another wallet never grants Pro', () => failsWith('wrongfrom', () => chain.transfer(other, usdt, merchant, PRICE), 'wrong_sender'));
  it('a reverted transaction never grants Pro', () => failsWith('reverted', () => chain.revertingTransfer(payer, usdt, merchant, parseUnits('1000000', 6)), 'reverted'));
  it('a transaction of another chain never grants Pro', () => failsWith('wrongchain', () => chain.transfer(payer, usdt, merchant, PRICE), 'wrong_chain', { network: 'elsewhere' }));

  // ---- the paying wallet is the user's, and the transfer comes after the order ----------------

  /** Links `wallet` to the user's account the way the settings page does (signed SIWE message). */
  const linkWallet = async (auth: object, wallet: `0x${string}`) => {
    const p = await proofOf(wallet);
    const r = await app.inject({ method: 'POST', url: '/api/auth/metamask/connect', headers: auth as never, remoteAddress: randomIp(), payload: { provider_uid: wallet, ...p } });
    expect(r.statusCode, r.body).toBe(200);
  };

  it("rejects at create an order naming a stranger's wallet: unsigned, signed by another key, or proven for another wallet", async () => {
    const thief = await createSignedInUser(ctx, { username: 'namer' });
    const bare = await createWith(thief.headers, { wallet_address: payer }, false);
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error).toMatchObject({ code: 'PAYMENT_WALLET_NOT_VERIFIED', fields: [{ path: 'body.wallet_proof' }] });
    const forged = await createWith(thief.headers, { wallet_address: payer }, await proofOf(payer, other));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('WALLET_SIGNATURE_INVALID');
    const ownProof = await createWith(thief.headers, { wallet_address: payer }, await proofOf(other));
    expect(ownProof.statusCode).toBe(400);
    expect(ownProof.json().error.code).toBe('SIWE_MESSAGE_INVALID');
    // A wallet linked to someone else's account is still a stranger's wallet.
    const owner = await createSignedInUser(ctx, { username: 'owner' });
    await linkWallet(owner.headers, linked);
    expect((await createWith(thief.headers, { wallet_address: linked }, false)).json().error.code).toBe('PAYMENT_WALLET_NOT_VERIFIED');
    const orders = (await app.inject({ url: '/api/payment/subscription', headers: thief.headers })).json().result.history;
    expect(orders).toHaveLength(0);
  });

  it('accepts a wallet linked to the account without a signature, and a fresh signature only once', async () => {
    const owner = (await ctx.accounts.usersRepo.socialLogin('metamask', linked.toLowerCase()))!;
    const { token } = await ctx.accounts.sessions.issue(owner.userId);
    const auth = { authorization: `Bearer ${token}` };
    const r = await createWith(auth, { wallet_address: linked }, false);
    expect(r.statusCode).toBe(200);
    expect(r.json().result.wallet_address).toBe(getAddress(linked));

    const u = await createSignedInUser(ctx, { username: 'signer' });
    const proof = await proofOf(payer);
    expect((await createWith(u.headers, {}, proof)).statusCode).toBe(200);
    const replay = await createWith(u.headers, {}, proof);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('SIWE_NONCE_INVALID');
  });

  it("a transfer from another wallet is rejected: watching the merchant, a thief reports a stranger's hash on his own order and gets nothing, and the payer is still credited", async () => {
    const victim = await createSignedInUser(ctx, { username: 'victim' });
    const thief = await createSignedInUser(ctx, { username: 'watcher' });
    // The thief cannot name the victim's wallet, so he names his own, and waits for the victim's transfer.
    expect((await createWith(thief.headers, { wallet_address: payer }, false)).statusCode).toBe(403);
    const to = (await createWith(thief.headers, { wallet_address: other })).json().result;
    const vo = (await create(victim.headers)).json().result;
    const hash = await chain.transfer(payer, usdt, merchant, PRICE);
    await chain.mine(2);
    const stolen = (await submit(thief.headers, to.id, hash)).json().result;
    expect(stolen).toMatchObject({ status: 'failed', failure_reason: 'wrong_sender' });
    expect((await me(thief.headers)).isPro).toBe(false);
    // The thief's report does not block the payer's own order.
    const paid = await submit(victim.headers, vo.id, hash);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().result.status).toBe('paid');
    expect((await me(victim.headers)).isPro).toBe(true);
  });

  it('a transfer mined before the order was created is rejected (tx_before_order), from the right wallet, for the right amount', async () => {
    const u = await createSignedInUser(ctx, { username: 'early' });
    const hash = await chain.transfer(payer, usdt, merchant, PRICE);
    await chain.mine(2);
    const o = (await create(u.headers)).json().result;
    const r = (await submit(u.headers, o.id, hash)).json().result;
    expect(r).toMatchObject({ status: 'failed', failure_reason: 'tx_before_order' });
    expect((await me(u.headers)).isPro).toBe(false);
  });

  it('an order from before created_block was recorded compares block time: an older transfer is rejected, a later one pays', async () => {
    const u = await createSignedInUser(ctx, { username: 'legacy' });
    const old = await chain.transfer(payer, usdt, merchant, PRICE);
    const oldBlock = await chain.client.getBlock({ blockNumber: (await chain.client.getTransactionReceipt({ hash: old })).blockNumber });
    const o1 = (await create(u.headers)).json().result;
    const o2 = (await create(u.headers)).json().result;
    // As stored before the column existed, created one second after the old transfer's block (chain time).
    const createdAt = (Number(oldBlock.timestamp) + 1) * 1000;
    await ctx.db.query(sql`update payment_orders set created_block = null, created_at = ${createdAt} where id in (${o1.id}, ${o2.id})`);
    await chain.mine(2);
    expect((await submit(u.headers, o1.id, old)).json().result).toMatchObject({ status: 'failed', failure_reason: 'tx_before_order' });
    const fresh = await chain.transfer(payer, usdt, merchant, PRICE);
    await chain.mine(2);
    expect((await submit(u.headers, o2.id, fresh)).json().result.status).toBe('paid');
  });

  it('the honest flow still pays: a linked wallet without a signature, transfer after the order, then confirmations', async () => {
    const owner = (await ctx.accounts.usersRepo.socialLogin('metamask', linked.toLowerCase()))!;
    const { token } = await ctx.accounts.sessions.issue(owner.userId);
    const auth = { authorization: `Bearer ${token}` };
    const o = (await createWith(auth, { wallet_address: linked, token_type: 'USDC' }, false)).json().result;
    const hash = await chain.transfer(linked, usdc, merchant, PRICE);
    expect((await submit(auth, o.id, hash)).json().result).toMatchObject({ status: 'confirming', confirmations: 1 });
    await chain.mine(1);
    expect((await check(auth, o.id)).json().result.status).toBe('paid');
    expect((await me(auth)).isPro).toBe(true);
  });

  it('the same hash submitted 50 times concurrently credits once; another order cannot reuse it', async () => {
    const u = await createSignedInUser(ctx, { username: 'racer' });
    const o = (await create(u.headers)).json().result;
    const hash = await chain.transfer(payer, usdt, merchant, PRICE);
    await chain.mine(2);
    const rs = await Promise.all(Array.from({ length: 50 }, () => submit(u.headers, o.id, hash)));
    expect(rs.every((r) => r.statusCode === 200)).toBe(true);
    expect(rs.every((r) => r.json().result.status === 'paid')).toBe(true);
    const sub = (await app.inject({ url: '/api/payment/subscription', headers: u.headers })).json().result;
    expect(sub.history).toHaveLength(1);
    const end = Date.parse((await me(u.headers)).subscription_end_date);
    expect(Math.abs(end - (Date.now() + 30 * DAY))).toBeLessThan(60_000);

    const others = await Promise.all(Array.from({ length: 5 }, () => create(u.headers)));
    const reuse = await Promise.all(others.map((r) => submit(u.headers, r.json().result.id, hash)));
    expect(reuse.every((r) => r.statusCode === 409 && r.json().error.code === 'PAYMENT_ALREADY_CREDITED')).toBe(true);
    const thief = await createSignedInUser(ctx, { username: 'thief' });
    const t = (await create(thief.headers)).json().result;
    expect((await submit(thief.headers, t.id, hash)).json().error.code).toBe('PAYMENT_ALREADY_CREDITED');
    expect((await app.inject({ url: '/api/payment/subscription', headers: u.headers })).json().result.history).toHaveLength(1);
    expect((await me(thief.headers)).isPro).toBe(false);
  });

  it('concurrent distinct orders racing for one hash: exactly one wins', async () => {
    const u = await createSignedInUser(ctx, { username: 'multi' });
    const orders = await Promise.all(Array.from({ length: 10 }, () => create(u.headers)));
    const hash = await chain.transfer(payer, usdt, merchant, PRICE);
    await chain.mine(2);
    const rs = await Promise.all(orders.map((r) => submit(u.headers, r.json().result.id, hash)));
    expect(rs.filter((r) => r.statusCode === 200 && r.json().result.status === 'paid')).toHaveLength(1);
    expect((await app.inject({ url: '/api/payment/subscription', headers: u.headers })).json().result.history).toHaveLength(1);
  });

  it('an expired order never grants Pro; cancelling an order without a transaction', async () => {
    const u = await createSignedInUser(ctx, { username: 'late' });
    const o = (await create(u.headers)).json().result;
    const hash = await chain.transfer(payer, usdt, merchant, PRICE);
    await chain.mine(2);
    ctx.billing.setNow(() => Date.now() + 31 * 60_000);
    try {
      expect((await app.inject({ url: `/api/payment/${o.id}/status`, headers: u.headers })).json().result.status).toBe('expired');
      const r = await submit(u.headers, o.id, hash);
      expect(r.statusCode).toBe(410);
      expect(r.json().error.code).toBe('PAYMENT_EXPIRED');
      expect((await check(u.headers, o.id)).json().result.status).toBe('expired');
    } finally {
      ctx.billing.setNow(Date.now);
    }
    expect((await me(u.headers)).isPro).toBe(false);

    const c = (await create(u.headers)).json().result;
    const cancelled = (await app.inject({ url: `/api/payment/${c.id}/cancel_check_transaction_status`, headers: u.headers })).json().result;
    expect(cancelled.status).toBe('cancelled');
    expect((await submit(u.headers, c.id, hash)).statusCode).toBe(410);
    const stranger = await createSignedInUser(ctx, { username: 'stranger' });
    expect((await app.inject({ url: `/api/payment/${c.id}/status`, headers: stranger.headers })).statusCode).toBe(404);
  });
});
