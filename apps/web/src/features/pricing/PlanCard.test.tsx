import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import type { SubscriptionPlan } from '@coinlens/contracts';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { Toaster } from '../../components/shell/Toaster';
import { dismissToast } from '../../lib/toast';
import { PlanCard } from './PricingPage';
import { usePricingState } from './pricing-store';

initI18nForTests('en-US');

const monthly: SubscriptionPlan = {
  key: 'pro_monthly', type: 'Subscription', tier: 'Pro', period: 'Monthly', price: '19.90', currency: 'USD', days: 30,
  strategyPerDay: 20, qaPerDay: 100, alertRulesActive: 200, webhookEndpoints: 20, savedScreens: 20, name: 'Pro monthly', description: 'All features', perks: ['More answers'],
};

function SelectedPlan() {
  return <span data-testid="selected-plan">{usePricingState().plan ?? 'none'}</span>;
}

function renderCard(props: { isPro: boolean; paymentsEnabled: boolean }) {
  return render(
    <MemoryRouter>
      <PlanCard plan={monthly} isPro={props.isPro} signedIn lang="en-US" paymentsEnabled={props.paymentsEnabled} />
      <SelectedPlan />
      <Toaster />
    </MemoryRouter>,
  );
}

afterEach(async () => {
  dismissToast('payments-not-configured');
  await act(() => i18next.changeLanguage('en-US'));
});

describe('Subscribe/Renew without payments configured', () => {
  it('Subscribe says so in a toast and selects no plan', () => {
    renderCard({ isPro: false, paymentsEnabled: false });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('status')).toHaveTextContent('Payments are not set up on this server yet');
    expect(screen.getByTestId('selected-plan')).not.toHaveTextContent('pro_monthly');
  });

  it('Renew says so in a toast too, in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    renderCard({ isPro: true, paymentsEnabled: false });
    fireEvent.click(screen.getByRole('button', { name: '续费' }));
    expect(screen.getByRole('status')).toHaveTextContent('此服务器尚未配置支付');
  });

  it('with payments configured the button selects the plan and shows no toast', () => {
    renderCard({ isPro: false, paymentsEnabled: true });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('selected-plan')).toHaveTextContent('pro_monthly');
  });
});

const free: SubscriptionPlan = { ...monthly, key: 'free', type: 'Free', tier: 'Free', period: null, price: '0', name: 'Free', perks: ['Market data'] } as unknown as SubscriptionPlan;

describe('Free plan card', () => {
  it('signed out, invites to sign up instead of calling Free the visitor\'s current plan', () => {
    render(
      <MemoryRouter>
        <PlanCard plan={free} isPro={false} signedIn={false} lang="en-US" />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Current plan')).toBeNull();
    const link = screen.getByRole('link', { name: 'Sign up free' });
    expect(link.getAttribute('href')).toBe('/en-US/register?redirect=%2Fen-US%2Fpricing');
  });

  it('signed in without Pro, Free is the current plan', () => {
    render(
      <MemoryRouter>
        <PlanCard plan={free} isPro={false} signedIn lang="en-US" />
      </MemoryRouter>,
    );
    expect(screen.getByText('Current plan')).toBeInTheDocument();
  });
});
