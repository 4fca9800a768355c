import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_DOCS, EnvError, EnvSchema, parseEnv, type EnvName } from '../apps/server/src/platform/env';
import { OPERATIONS_MD, renderEnvDocs } from './docs-env';

describe('docs/OPERATIONS.md env tables (generated from platform/env.ts)', () => {
  it('are up to date (run `npm run docs:env` when this fails)', () => {
    const md = fs.readFileSync(OPERATIONS_MD, 'utf8');
    expect(renderEnvDocs(md)).toBe(md);
  });

  it('document every variable of the schema exactly once', () => {
    const documented = ENV_DOCS.flatMap((d) => d.vars);
    expect([...documented].sort()).toEqual(Object.keys(EnvSchema.shape).sort());
  });

  it('show the schema defaults: a backticked default (without a <placeholder>) parses to what an unset variable gets', () => {
    const defaults = parseEnv({});
    for (const d of ENV_DOCS) {
      const m = /^`([^`]+)`$/.exec(d.default);
      if (!m || d.vars.length !== 1 || m[1].includes('<')) continue;
      const name = d.vars[0] as EnvName;
      expect(parseEnv({ [name]: m[1] })[name], name).toEqual(defaults[name]);
    }
  });
});

describe('rules between variables, checked at start', () => {
  it('a Google client id without its secret (or the reverse) fails with a message naming both', () => {
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: 'id' })).toThrow(EnvError);
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: Google sign-in needs both/);
    expect(() => parseEnv({ GOOGLE_CLIENT_SECRET: 'secret' })).toThrow(/GOOGLE_CLIENT_ID/);
    expect(parseEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).GOOGLE_CLIENT_ID).toBe('id');
  });

  it('an X secret needs its client id; Telegram needs token and bot name; the model settings need LLM_BASE_URL', () => {
    expect(() => parseEnv({ X_CLIENT_SECRET: 's' })).toThrow(/X_CLIENT_SECRET/);
    expect(parseEnv({ X_CLIENT_ID: 'x' }).X_CLIENT_ID).toBe('x');
    expect(() => parseEnv({ TELEGRAM_BOT_TOKEN: '123456:ABC-def' })).toThrow(/TELEGRAM_BOT_NAME/);
    expect(() => parseEnv({ LLM_MODEL: 'm' })).toThrow(/LLM_BASE_URL/);
    expect(parseEnv({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'm' }).LLM_MODEL).toBe('m');
  });

  it('lists a broken rule together with nothing else wrong, and every broken rule at once', () => {
    const err = (() => {
      try {
        parseEnv({ GOOGLE_CLIENT_ID: 'id', LLM_API_KEY: 'k' });
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(err.split('\n').filter((l) => l.startsWith('  '))).toHaveLength(2);
  });
});
