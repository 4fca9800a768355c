import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createQueryClient } from '../../../app/query-client';
import { initI18nForTests } from '../../../app/i18n-test-utils';
import { SentimentAccuracy } from './SentimentAccuracy';

afterEach(() => vi.unstubAllGlobals());

const result = {
  by: 'builtin',
  model: '848e464ebc01',
  sets: [
    { id: 'dev_en', n: 379, correct: 303, accuracy: 0.799472, ci95: [0.756247, 0.836687], macro_f1: 0.77478, majority: { label: 'bullish', share: 0.564644 } },
    { id: 'later_en', n: 290, correct: 213, accuracy: 0.734483, ci95: [0.680832, 0.782003], macro_f1: 0.710954, majority: { label: 'neutral', share: 0.613793 } },
    { id: 'native_zh', n: 328, correct: 251, accuracy: 0.765244, ci95: [0.716467, 0.807879], macro_f1: 0.740587, majority: { label: 'bearish', share: 0.405488 } },
    { id: 'tfns', n: 1909, correct: 1605, accuracy: 0.840754, ci95: [0.823658, 0.856482], macro_f1: 0.783355, majority: { label: 'neutral', share: 0.652174 } },
  ],
};

function renderWith(body: unknown, status = 200) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SentimentAccuracy />
    </QueryClientProvider>,
  );
}

describe('how reliable the sentiment labels are', () => {
  it('gives the later period first, each set with its interval, n and the majority-label baseline, and names the reference labels', async () => {
    initI18nForTests('en-US');
    renderWith({ result });
    const rows = await screen.findAllByTestId('sentiment-accuracy-set');
    expect(rows.map((r) => r.getAttribute('data-set'))).toEqual(['later_en', 'native_zh', 'dev_en']);
    expect(rows[0].textContent).toContain('English headlines of a later period (January 2026)');
    expect(rows[0].textContent).toContain('73.4 % matched (95 % CI 68.1 %–78.2 %), n\u00a0=\u00a0290');
    expect(rows[0].textContent).toContain('Always answering “Neutral” would match 61.4 %');
    expect(rows[2].textContent).toContain('overstates');
    expect(rows[0].textContent).toContain('Reference labels: two passes by a language-model agent');
    expect(rows[2].textContent).toContain('Reference labels: two annotators');
    expect(screen.getByTestId('sentiment-accuracy').textContent).toContain('no language model');
  });

  it('in Chinese', async () => {
    initI18nForTests('zh-CN');
    renderWith({ result });
    const rows = await screen.findAllByTestId('sentiment-accuracy-set');
    expect(rows[1].textContent).toContain('以中文撰写的标题');
    expect(rows[1].textContent).toContain('一致 76.5%（95% 置信区间 71.6%–80.8%），样本 328 条');
    expect(rows[1].textContent).toContain('一律答“看跌”的一致率为 40.5%');
  });

  it('says so when the figures cannot be loaded', async () => {
    initI18nForTests('en-US');
    // a 4xx: the query client does not ask again (a 5xx it would, after a delay)
    renderWith({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);
    expect(await screen.findByText('The measured figures could not be loaded.')).toBeTruthy();
    expect(screen.queryAllByTestId('sentiment-accuracy-set')).toHaveLength(0);
  });
});
