import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SubscriptionPlan } from '@coinlens/contracts';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { clearSession, saveSession } from '../../lib/session';
import PricingPage from './PricingPage';

initI18nForTests('en-US');

const monthly: SubscriptionPlan = {
  key: 'pro_monthly', type: 'Subscription', tier: 'Pro', period: 'Monthly', price: '19.90', currency: 'USD', days: 30,
  strategyPerDay: 20, qaPerDay: 100, alertRulesActive: 200, webhookEndpoints: 20, savedScreens: 20, name: 'Pro monthly', description: 'All features', perks: ['More answers'],
};
const json = (result: unknown) => new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
const me = { id: 7, name: 'trader', email: 'trader@example.com', avatar: null, language: 'en_US', cookie_accepted: true, isPro: false, subscription_end_date: null, social_logins: [], permissions: [] };

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
  localStorage.clear();
});

describe('PricingPage while the signed-in account loads', () => {
  it('offers no "log in" link to a signed-in user before the account has arrived; Subscribe then selects the plan', async () => {
    saveSession({ access_token: 'tok', user: { id: 7, name: 'trader' } });
    let answerMe: (r: Response) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/api/users/profile/me')) return new Promise<Response>((r) => (answerMe = r));
      if (url.includes('/api/payment/subscription_plans')) return json({ plans: [monthly], payments_enabled: true, networks: [] });
      return json(null);
    });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/en-US/pricing']}>
          <Routes>
            <Route path="/:lang/pricing" element={<PricingPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByTestId('choose-pro_monthly')).toBeNull();
    await act(async () => answerMe(json(me)));
    const choose = await screen.findByTestId('choose-pro_monthly');
    expect(choose.tagName).toBe('BUTTON');
  });
});
