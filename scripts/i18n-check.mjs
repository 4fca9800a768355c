#!/usr/bin/env node
/**
 * i18n key check: fails (exit 1, listing every problem) when the en-US and zh-CN
 * locale files of apps/web differ in namespaces or keys, when a value is empty, or when an error
 * code of packages/contracts/src/common/errors.ts (APP_ERRORS) has no translation in errors.json.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = join(root, 'apps/web/src/locales');
const LANGS = ['en-US', 'zh-CN'];
const problems = [];

/** Flattens nested JSON into dotted keys → string values. */
function flatten(obj, prefix = '', out = new Map()) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v, key, out);
    else out.set(key, v);
  }
  return out;
}

function loadLang(lang) {
  const dir = join(localesDir, lang);
  const result = new Map();
  if (!existsSync(dir)) {
    problems.push(`missing locale directory ${dir}`);
    return result;
  }
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const ns = file.replace(/\.json$/, '');
    try {
      result.set(ns, flatten(JSON.parse(readFileSync(join(dir, file), 'utf8'))));
    } catch (err) {
      problems.push(`${lang}/${file}: invalid JSON (${err.message})`);
      result.set(ns, new Map());
    }
  }
  return result;
}

/**
 * True when `key` is an i18next plural form (`…_one`, `…_few`, …) that `lang` has no use for
 * (Intl.PluralRules has no such category, e.g. zh-CN only has `other`) and the language still has
 * the `…_other` form of the same key.
 */
function pluralNotUsed(lang, key, m) {
  const hit = /^(.*)_(zero|one|two|few|many)$/.exec(key);
  if (!hit) return false;
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  return !categories.includes(hit[2]) && m.has(`${hit[1]}_other`);
}

const data = Object.fromEntries(LANGS.map((l) => [l, loadLang(l)]));

const allNs = new Set(LANGS.flatMap((l) => [...data[l].keys()]));
for (const ns of [...allNs].sort()) {
  for (const lang of LANGS) {
    if (!data[lang].has(ns)) problems.push(`${lang}: missing namespace file ${ns}.json`);
  }
  const keys = new Set(LANGS.flatMap((l) => [...(data[l].get(ns)?.keys() ?? [])]));
  for (const key of [...keys].sort()) {
    for (const lang of LANGS) {
      const m = data[lang].get(ns);
      if (!m) continue;
      if (!m.has(key)) {
        if (!pluralNotUsed(lang, key, m)) problems.push(`${lang}: missing key ${ns}:${key}`);
      }
      else if (typeof m.get(key) !== 'string' || m.get(key).trim() === '') problems.push(`${lang}: empty or non-string value ${ns}:${key}`);
    }
  }
  // Interpolation variables must match between languages.
  for (const key of keys) {
    const vars = LANGS.map((l) => {
      const v = data[l].get(ns)?.get(key);
      return typeof v === 'string' ? [...v.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort().join(',') : null;
    });
    if (vars.every((v) => v !== null) && new Set(vars).size > 1) problems.push(`${ns}:${key}: interpolation variables differ (${LANGS.map((l, i) => `${l}: {${vars[i]}}`).join(' / ')})`);
  }
}

// Every error code of the catalogue needs a message in both languages.
const errorsTs = join(root, 'packages/contracts/src/common/errors.ts');
if (existsSync(errorsTs)) {
  const src = readFileSync(errorsTs, 'utf8');
  const block = /APP_ERRORS\s*=\s*\{([\s\S]*?)\}\s*as const/.exec(src);
  if (!block) problems.push('could not find APP_ERRORS in packages/contracts/src/common/errors.ts');
  else {
    const codes = [...block[1].matchAll(/^\s*([A-Z][A-Z0-9_]*)\s*:/gm)].map((m) => m[1]);
    for (const lang of LANGS) {
      const errors = data[lang].get('errors');
      for (const code of codes) {
        if (!errors?.has(code)) problems.push(`${lang}: error code ${code} has no translation in errors.json`);
      }
    }
  }
} else {
  problems.push(`missing ${errorsTs}`);
}

if (problems.length) {
  console.error(`i18n check failed (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
const keyCount = [...data['en-US'].values()].reduce((n, m) => n + m.size, 0);
console.log(`i18n check passed: ${allNs.size} namespaces, ${keyCount} keys in ${LANGS.join(' and ')}.`);
