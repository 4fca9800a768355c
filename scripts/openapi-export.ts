/**
 * Writes the API's OpenAPI 3 document (JSON), generated from the endpoint descriptors of
 * packages/contracts (`npm run openapi`): to stdout, or to the file named by `--out <path>`.
 * Needs no database or running server. Exit code 1 on a bad argument.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '../apps/server/src/platform/openapi';

async function main(argv: string[]): Promise<void> {
  const i = argv.indexOf('--out');
  const out = i >= 0 ? argv[i + 1] : undefined;
  if (i >= 0 && !out) {
    console.error('usage: npm run openapi [-- --out <file.json>]');
    process.exit(1);
  }
  const text = `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`;
  if (!out) {
    process.stdout.write(text);
    return;
  }
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  fs.writeFileSync(out, text);
  console.error(`openapi: wrote ${out}`);
}

await main(process.argv.slice(2));
