/**
 * `npm run -s verify-record [-- --dir <pglite dir>]`: recomputes the tamper-evident record from the
 * database (PostgreSQL when DATABASE_URL is set, otherwise the embedded database in
 * `DATA_DIR/pglite` or `--dir`; the embedded one must not be open in a running server, so stop it
 * or verify a backup restored elsewhere). Checks every entry of `record_entries` in chain order:
 * its seq, its link to the previous hash, its SHA-256 over the canonical body, and the body against
 * the stated fields of its source row as stored now. Prints the entry count and head hash and exits
 * 0, or names the first entry that differs (seq, kind, source row, reason, field with chained and
 * current values) and exits 1; 2 on a wrong environment or usage.
 */
import path from 'node:path';
import { holdsDatabase, openDatabase } from '@coinlens/db';
import { dataDirOf, parseEnv } from '../apps/server/src/platform/env';
import { LiveClock } from '../apps/server/src/platform/clock';
import { RecordRepository } from '../apps/server/src/modules/record/record.repository';
import { RecordService, type RecordVerification } from '../apps/server/src/modules/record/record.service';

/** The report lines of a verification (first line: verdict). */
function reportLines(v: RecordVerification): string[] {
  const unchained = Object.entries(v.unchained).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`).join(', ');
  const tail = unchained ? [`stored but not chained yet (appended by the next pass): ${unchained}`] : [];
  if (v.ok) return [`record verified: ${v.entries} entries, head ${v.head}`, ...tail];
  const m = v.mismatch!;
  const why: Record<typeof m.reason, string> = {
    seq_gap: 'the entry is not the one after the previous entry (an entry was removed or inserted)',
    prev_hash: "the entry's prev_hash is not the previous entry's hash",
    hash: "the entry's hash is not SHA-256(prev_hash + \"\\n\" + body): the entry was edited",
    row_changed: `the ${m.kind} row ${m.ref} no longer matches what was chained: field ${m.field} chained ${m.chained}, now ${m.current}`,
    row_missing: `the ${m.kind} row ${m.ref} is gone`,
  };
  return [`record differs at entry ${m.seq} (${m.kind} ${m.ref}): ${why[m.reason]}`, `entries before it verified: ${v.entries}`, ...tail];
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const i = args.indexOf('--dir');
  if (args.some((a, k) => a !== '--dir' && k !== i + 1) || (i >= 0 && !args[i + 1])) {
    console.error('usage: npm run -s verify-record [-- --dir <pglite dir>]');
    return 2;
  }
  let env;
  try {
    env = parseEnv(process.env);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    return 2;
  }
  const dir = i >= 0 ? path.resolve(process.env.INIT_CWD ?? process.cwd(), args[i + 1]) : path.join(dataDirOf(env), 'pglite');
  if (!env.DATABASE_URL && !holdsDatabase(dir)) {
    console.error(`verify-record: no embedded database in ${dir} (set DATA_DIR, --dir or DATABASE_URL)`);
    return 2;
  }
  const db = await openDatabase({ url: env.DATABASE_URL, dataDir: dir, poolSize: 2 });
  try {
    const v = await new RecordService({ repo: new RecordRepository(db), clock: new LiveClock() }).verify();
    for (const line of reportLines(v)) console.log(line);
    return v.ok ? 0 : 1;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`verify-record: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
