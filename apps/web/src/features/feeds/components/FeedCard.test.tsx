import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Feed } from '@coinlens/contracts';
import { initI18nForTests as initI18n } from '../../../app/i18n-test-utils';
import { FeedCard } from './FeedCard';

initI18n('en-US');

const feed = (over: Partial<Feed> = {}): Feed => ({
  id: 'cc:1',
  title: 'Ethereum staking ETF approved, ETH climbs',
  content: 'Lead paragraph.',
  feed_contents: [{ title: 'Ethereum staking ETF approved, ETH climbs', content: 'Lead paragraph.' }],
  original_title: 'Ethereum staking ETF approved, ETH climbs',
  translated_title: null,
  translated_content: null,
  source: 'Example Wire',
  link: 'https://news.example/1',
  published_at: '2025-05-16T10:00:00.000Z',
  lang: 'en',
  sentiment: 'bullish',
  importance: 'important',
  heat: 40,
  related_cryptocurrencies: [{ cryptocurrency_id: 2, trend: 'bullish', symbol: 'ETH', name: 'Ethereum', logo: '/static/icons/eth.png', slug: 'ethereum', cmc_id: 1027 }],
  cluster: { id: 'cc:1', size: 1, sources: ['Example Wire'] },
  topics: [],
  event_type: 'etf_flows',
  impact: [],
  interpretation: null,
  ...over,
});

async function renderAt(lang: 'en-US' | 'zh-CN', f: Feed) {
  await act(() => i18next.changeLanguage(lang));
  return render(
    <MemoryRouter initialEntries={[`/${lang}/feeds`]}>
      <Routes>
        <Route path="/:lang/feeds" element={<FeedCard feed={f} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('FeedCard headline language', () => {
  it('zh-CN: a machine-translated headline comes first, tagged 机器翻译, with the original below tagged 英文', async () => {
    const { unmount } = await renderAt('zh-CN', feed({ translated_title: { text: '以太坊质押 ETF 获批，ETH 走高', lang: 'zh', by: 'llm' } }));
    expect(screen.getByTestId('feed-title')).toHaveTextContent('以太坊质押 ETF 获批，ETH 走高');
    expect(screen.getByTestId('feed-title')).toHaveAttribute('lang', 'zh');
    expect(screen.getByTestId('feed-title-mt')).toHaveTextContent('机器翻译');
    const original = screen.getByTestId('feed-original-title');
    expect(original).toHaveTextContent('Ethereum staking ETF approved, ETH climbs');
    expect(within(original).getByTestId('feed-title-lang')).toHaveTextContent('英文');
    expect(screen.getByTestId('feed-analyst-line')).toHaveTextContent('分析师：ETH 看涨');
    unmount();
  });
  it('zh-CN without a translation: the original headline with its language tag, no machine-translation label', async () => {
    const { unmount } = await renderAt('zh-CN', feed());
    expect(screen.getByTestId('feed-title')).toHaveTextContent('Ethereum staking ETF approved');
    expect(screen.getByTestId('feed-title-lang')).toHaveTextContent('英文');
    expect(screen.queryByTestId('feed-title-mt')).toBeNull();
    expect(screen.queryByTestId('feed-original-title')).toBeNull();
    unmount();
  });
  it('en-US shows the original headline and the lead', async () => {
    const { unmount } = await renderAt('en-US', feed({ translated_title: { text: '以太坊', lang: 'zh', by: 'llm' } }));
    expect(screen.getByTestId('feed-title')).toHaveTextContent('Ethereum staking ETF approved');
    expect(screen.queryByTestId('feed-title-mt')).toBeNull();
    expect(screen.getByText('Lead paragraph.')).toBeInTheDocument();
    unmount();
  });
});
