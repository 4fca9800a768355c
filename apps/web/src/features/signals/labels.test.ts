import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { Probability } from '@coinlens/contracts';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { skillVerdictText } from './CalibrationView';
import { probabilityCalibrationHelp, probabilityText, rangeOfLabel, ratePct, signalName } from './labels';

initI18nForTests('en-US');

describe('signal labels', () => {
  it('names a signal in the locale, falling back to the raw label', () => {
    const name = { en: 'Golden cross', zh: '金叉' };
    expect(signalName(name, 'golden_cross', 'en-US')).toBe('Golden cross');
    expect(signalName(name, 'golden_cross', 'zh-CN')).toBe('金叉');
    expect(signalName(undefined, 'golden_cross', 'zh-CN')).toBe('golden_cross');
    expect(signalName({ en: '', zh: '' }, 'x_y', 'en-US')).toBe('x_y');
  });
  it('writes rates as whole percents and maps labels to chart ranges', () => {
    expect(ratePct(0.5834)).toBe('58 %');
    expect(ratePct(null)).toBe('—');
    expect(rangeOfLabel('1D')).toBe('1D');
    expect(rangeOfLabel('7D')).toBe('7D');
    expect(rangeOfLabel('1M')).toBe('1M');
  });
});

describe('a stated probability beside the Brier skill of its kind', () => {
  const calibrated = (skill: { value: number; lo: number | null; hi: number | null }, no_skill: boolean, source: 'live' | 'backfill'): Probability => ({
    p: 0.98, n: 1538, wording: 'very_likely',
    calibration: { status: 'calibrated', stated_lo: 0.9, stated_hi: 1, observed: 0.94, observed_lo: 0.88, observed_hi: 0.97, n: 900, n_eff: 41, source, skill: { ...skill, base_rate: 0.93, n: 2400, n_eff: 56 }, no_skill },
  });

  it('says "no skill over the base rate (x % of levels are touched anyway)" instead of "very likely" when the skill interval reaches 0', () => {
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const t = i18next.getFixedT(lang, 'signals');
      const none = probabilityText(t, calibrated({ value: 0.01, lo: -0.02, hi: 0.05 }, true, 'backfill'), 'touch');
      expect(none).toBe(lang === 'en-US' ? 'No skill over the base rate (93 % of levels are touched anyway) · 98 % · n = 1,538' : '相对基准率无预测能力（93 % 的价位本来就会被触及） · 98 % · n = 1,538');
      expect(probabilityText(t, calibrated({ value: 0.01, lo: -0.02, hi: 0.05 }, true, 'live'), 'breakthrough')).toMatch(lang === 'en-US' ? /broken anyway/ : /突破/);
      expect(probabilityText(t, calibrated({ value: 0.3, lo: 0.1, hi: 0.5 }, false, 'live'), 'touch')).toBe(lang === 'en-US' ? 'Very likely · 98 % · n = 1,538' : '很可能 · 98 % · n = 1,538');
    }
  });

  it('tells in the tooltip which forecasts the label rests on, the episodes and the skill with its interval', () => {
    const t = i18next.getFixedT('en-US', 'signals');
    const help = probabilityCalibrationHelp(t, calibrated({ value: 0.01, lo: -0.02, hi: 0.05 }, true, 'backfill'))!;
    expect(help).toContain('over 41 episodes, n = 900');
    expect(help).toContain('From backfill');
    expect(help).toContain('Brier skill of this kind on this timeframe: 0.01 (95 % −0.02 to 0.05), over 56 episodes (n = 2,400); base rate 93 %.');
  });

  it('words the skill verdict of a calibration group', () => {
    const t = i18next.getFixedT('en-US', 'signals');
    expect(skillVerdictText(t, { kind: 'touch', skill_verdict: 'none', base_rate: 0.93 })).toBe('No skill over the base rate (93% of levels are touched anyway): the interval includes 0.');
    expect(skillVerdictText(t, { kind: 'breakthrough', skill_verdict: 'skill', base_rate: 0.4 })).toBe('Skill over the base rate: the interval lies above 0.');
    expect(skillVerdictText(t, { kind: 'touch', skill_verdict: null, base_rate: 0.4 })).toBe('Too few episodes for an interval of the skill.');
  });
});
