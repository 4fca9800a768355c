import { describe, expect, it } from 'vitest';
import { initI18nForTests } from '../../app/i18n-test-utils';

const i18n = initI18nForTests('en-US');

describe('login wording', () => {
  it('the wrong-credentials answer names the field the form asks for (e-mail), in both languages', () => {
    for (const [lng, field] of [['en-US', /e-mail/i], ['zh-CN', /邮箱/]] as const) {
      const label = i18n.t('auth:login.email', { lng });
      const answer = i18n.t('errors:WRONG_CREDENTIALS', { lng });
      expect(label).toMatch(field);
      expect(answer).toMatch(field);
      expect(answer).not.toMatch(/username|用户名/i);
    }
  });
});
