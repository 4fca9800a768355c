import { describe, expect, it } from 'vitest';
import { Screen, SCREEN_PRESETS } from '@coinlens/contracts/screener/screen';
import { conditionOfPath, draftOf, newCondition, screenOf } from './screen-draft';

describe('screen drafts', () => {
  it('round-trips every preset through the builder', () => {
    for (const p of SCREEN_PRESETS) {
      const s = screenOf(draftOf(p.screen));
      expect(s.problems).toEqual([]);
      expect(Screen.parse(s.screen)).toEqual(Screen.parse(p.screen));
    }
  });

  it('refuses a value that is not a number and a range the wrong way round, by condition number', () => {
    const d = draftOf(SCREEN_PRESETS[0].screen);
    d.conditions[0] = { ...d.conditions[0], value: 'thirty' };
    d.conditions.push(newCondition({ op: 'between', value: '50', max: '10' }));
    expect(screenOf(d).problems).toEqual([{ n: 1, key: 'builder.invalidValue' }, { n: 3, key: 'builder.invalidRange' }]);
  });

  it('keeps a screen with groups whole', () => {
    const grouped = { timeframe: '1h' as const, conditions: [{ type: 'group' as const, match: 'any' as const, conditions: [{ type: 'trend' as const, trends: ['uptrend' as const] }] }] };
    const d = draftOf(grouped);
    expect(d.locked).toEqual(grouped);
    expect(screenOf(d).screen).toEqual(grouped);
  });

  it('reads the condition a 400 names', () => {
    expect(conditionOfPath('body.conditions.1.pattern')).toEqual({ n: 2, what: 'pattern' });
    expect(conditionOfPath('body.screen.conditions.0.conditions.2.value')).toEqual({ n: 1, what: 'value' });
    expect(conditionOfPath('body.timeframe')).toBeNull();
  });
});
