import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Abi } from 'viem';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Solidity source of the ERC-20 used by payment tests. */
export const TOKEN_SOURCE = path.join(here, 'TestToken.sol');
/** Compiled artifact (committed; rebuilt by `node --import tsx apps/server/test/chain/token-artifact.ts`). */
export const TOKEN_ARTIFACT = path.join(here, 'TestToken.json');

/** ABI + creation bytecode of TestToken, with the SHA-256 of the source it was compiled from. */
export interface TokenArtifact {
  contractName: 'TestToken';
  compiler: string;
  sourceSha256: string;
  abi: Abi;
  bytecode: `0x${string}`;
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** Compiles TestToken.sol with solc-js (the npm `solc` package bundles the compiler; nothing is downloaded). */
export function compileTestToken(): TokenArtifact {
  const require = createRequire(import.meta.url);
  const solc = require('solc') as { compile(input: string): string; version(): string };
  const source = fs.readFileSync(TOKEN_SOURCE, 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: source } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (out.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'));
  const c = out.contracts['TestToken.sol'].TestToken;
  return { contractName: 'TestToken', compiler: `solc-js ${solc.version()}`, sourceSha256: sha256(source), abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}

/** The committed artifact when it matches the source, otherwise a fresh compile (written back). */
export function loadTestToken(): TokenArtifact {
  const source = fs.readFileSync(TOKEN_SOURCE, 'utf8');
  if (fs.existsSync(TOKEN_ARTIFACT)) {
    const a = JSON.parse(fs.readFileSync(TOKEN_ARTIFACT, 'utf8')) as TokenArtifact;
    if (a.sourceSha256 === sha256(source)) return a;
  }
  const a = compileTestToken();
  fs.writeFileSync(TOKEN_ARTIFACT, JSON.stringify(a, null, 2) + '\n');
  return a;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const a = compileTestToken();
  fs.writeFileSync(TOKEN_ARTIFACT, JSON.stringify(a, null, 2) + '\n');
  console.log(`wrote ${TOKEN_ARTIFACT} (${a.compiler})`);
}
