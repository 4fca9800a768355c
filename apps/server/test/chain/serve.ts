/**
 * A local payment chain for the end-to-end run (scripts/e2e.mjs starts it before the server):
 * Hardhat's simulated network on 127.0.0.1:`E2E_CHAIN_PORT` (default 8547) with test USDT and USDC
 * (6 decimals) minted to the payer wallets (and to wallets not linked to their payer's account). Prints one line `CHAIN_READY {json}` with the RPC URL,
 * chain id, merchant, wallets, tokens and the `CHAINS` value for the server; runs until SIGTERM.
 */
import { parseUnits } from 'viem';
import { startTestChain } from './test-chain';

const port = Number(process.env.E2E_CHAIN_PORT ?? 8547);
const chain = await startTestChain({ port });
const merchant = chain.accounts[9];
const usdt = await chain.deployToken('USDT', 6);
const usdc = await chain.deployToken('USDC', 6);
// Payers: one per Playwright project; `poor` holds less than a monthly price.
const payers = [chain.accounts[1], chain.accounts[3], chain.accounts[4]];
for (const p of payers) {
  await chain.mint(usdt, p, parseUnits('1000', 6));
  await chain.mint(usdc, p, parseUnits('1000', 6));
}
const poor = chain.accounts[2];
await chain.mint(usdt, poor, parseUnits('1', 6));
// Wallets that pay for an account signed in with another wallet (`owners`, one per project): not
// linked to the account, so the payment dialog asks for a signature first.
const owners = [chain.accounts[7], chain.accounts[8]];
const unlinked = [chain.accounts[5], chain.accounts[6]];
for (const p of unlinked) await chain.mint(usdt, p, parseUnits('1000', 6));
const tokens = [
  { symbol: 'USDT', contract: usdt, decimals: 6 },
  { symbol: 'USDC', contract: usdc, decimals: 6 },
];
const CHAINS = JSON.stringify({ localhost: { name: 'Localhost', chain_id: chain.chainId, rpc_url: chain.url, merchant, tokens } });
console.log(`CHAIN_READY ${JSON.stringify({ url: chain.url, chainId: chain.chainId, merchant, payers, poor, owners, unlinked, tokens, CHAINS })}`);

const stop = async () => {
  await chain.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
