import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PaidPlanKey, PaymentNetwork, SubscriptionPlan } from '@coinlens/contracts';
import { Container } from '../../components/layout/PageShell';
import { ErrorState, Panel, Skeleton } from '../../components/ui';
import { ME_QUERY_KEY, useMe, ymd } from '../../lib/session';
import { errorKey } from '../../lib/api';
import { usePlans } from './pricing-api';
import { pricing, rememberNetworks, setOnPaid, usePricingState } from './pricing-store';
import { hasInjectedWallet } from '../../lib/wallet';
import { showToast } from '../../lib/toast';
import { formatAmount } from '../../lib/format';
import { InvitationCodeButton } from './InvitationDialog';
import { QuotaBadge } from './QuotaBadge';

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/**
 * Plans and on-chain payment (route `pricing`): plan cards with quotas and
 * perks, Subscribe/Renew, network and token, MetaMask connection (a wallet not linked to the account
 * is verified by signing a message), balance, the terms box, confirm,
 * a processing state counting confirmations, success or failure. The flow state lives in
 * `pricing-store`, so it survives navigating away and back.
 */
export default function PricingPage() {
  const { t } = useTranslation('pricing');
  const { lang = 'en-US' } = useParams();
  const plans = usePlans(lang);
  const { me, loading: meLoading } = useMe();
  const qc = useQueryClient();

  useEffect(() => {
    setOnPaid(() => {
      void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
      void qc.invalidateQueries({ queryKey: ['users', 'usage'] });
    });
    return () => setOnPaid(null);
  }, [qc]);

  const isPro = !!me?.isPro;
  return (
    <Container className="py-6" >
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3" data-testid="pricing-page">
        <div>
          <h1 className="text-xl font-semibold text-fg sm:text-2xl">{t('heading')}</h1>
          <p className="mt-1 text-[13px] text-muted">{t('intro')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {me && <MembershipStatus isPro={isPro} end={me.subscription_end_date} />}
          {me && <InvitationCodeButton />}
        </div>
      </div>

      {me && (
        <div className="mb-4 flex flex-wrap items-center gap-2 text-[12px] text-muted">
          <span>{t('quota.today')}</span>
          <QuotaBadge kind="strategy_per_day" />
          <QuotaBadge kind="qa_per_day" />
        </div>
      )}

      {/* with a session whose account is still loading, a card would offer the signed-out links (to log in) */}
      {plans.isLoading || meLoading ? (
        <div className="grid gap-3 md:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-72 rounded-lg" />
          ))}
        </div>
      ) : plans.error || !plans.data ? (
        <Panel>
          <ErrorState messageKey={errorKey(plans.error)} onRetry={() => void plans.refetch()} />
        </Panel>
      ) : (
        <>
          <div className="grid gap-3 md:grid-cols-3">
            {plans.data.plans.map((p) => (
              <PlanCard key={p.key} plan={p} isPro={isPro} signedIn={!!me} lang={lang} paymentsEnabled={plans.data.payments_enabled} />
            ))}
          </div>
          <div className="mt-5">
            {!me && !meLoading ? (
              <Panel>
                <p className="px-4 py-5 text-center text-[13px] text-muted">
                  {t('signInToSubscribe')}{' '}
                  <Link to={`/${lang}/login?redirect=${encodeURIComponent(`/${lang}/pricing`)}`} className="font-medium text-primary-600 hover:underline">
                    {t('signIn')}
                  </Link>
                </p>
              </Panel>
            ) : me && !plans.data.payments_enabled ? (
              <Panel>
                <p className="px-4 py-5 text-center text-[13px] text-muted" data-testid="payments-not-configured">
                  {t('errors:PAYMENTS_NOT_CONFIGURED')}
                </p>
              </Panel>
            ) : me ? (
              <PaymentPanel
                plans={plans.data.plans}
                networks={plans.data.networks}
                confirmations={plans.data.confirmations}
                isPro={isPro}
                linkedWallets={(me?.social_logins ?? []).filter((l) => l.provider === 'metamask').map((l) => l.provider_uid.toLowerCase())}
              />
            ) : null}
          </div>
        </>
      )}
      <p className="mt-4 text-[12px] text-muted">{t('browserOnly')}</p>
    </Container>
  );
}

/** VIP badge and expiry date (YYYY-MM-DD) from the profile. */
function MembershipStatus({ isPro, end }: { isPro: boolean; end: string | null }) {
  const { t } = useTranslation('pricing');
  if (!isPro) return <span className="rounded-full border border-border px-2 py-0.5 text-[12px] text-muted">{t('status.free')}</span>;
  return (
    <span className="inline-flex items-center gap-1.5 text-[12px] text-fg" data-testid="membership-status">
      <span className="rounded bg-amber-400 px-1.5 py-0.5 text-[10px] font-bold text-amber-950">VIP</span>
      {t('status.until', { date: ymd(end) })}
    </span>
  );
}

/**
 * One plan with its perks and, for a paid plan, Subscribe (free user) or Renew (Pro). Without
 * payments configured on the server (`paymentsEnabled` false) the button says so in a toast
 * instead of selecting the plan for a payment that cannot be made.
 */
export function PlanCard({ plan, isPro, signedIn, lang, paymentsEnabled = true }: { plan: SubscriptionPlan; isPro: boolean; signedIn: boolean; lang: string; paymentsEnabled?: boolean }) {
  const { t } = useTranslation('pricing');
  const state = usePricingState();
  const paid = plan.key !== 'free';
  const selected = state.plan === plan.key;
  // Free is the current plan of a signed-in member without Pro; a visitor has no plan yet.
  const current = !paid && !isPro && signedIn;
  return (
    <section
      data-testid={`plan-${plan.key}`}
      className={`flex flex-col rounded-lg border bg-surface p-4 ${selected ? 'border-primary-500 ring-1 ring-primary-500' : 'border-border'}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-[15px] font-semibold text-fg">{plan.name}</h2>
        {plan.key === 'pro_yearly' && <span className="rounded bg-primary-100 px-1.5 py-0.5 text-[10px] font-semibold text-primary-800 dark:bg-primary-900 dark:text-primary-100">{t('bestValue')}</span>}
      </div>
      <p className="mt-1 text-[12px] text-muted">{plan.description}</p>
      <p className="mt-3 text-fg">
        <span className="text-2xl font-bold">{paid ? `$${formatAmount(plan.price)}` : t('freePrice')}</span>
        {paid && <span className="ml-1 text-[12px] text-muted">{t(plan.period === 'Yearly' ? 'perYear' : 'perMonth')}</span>}
      </p>
      {paid && <p className="text-[11px] text-muted">{t('paidIn')}</p>}
      <ul className="mt-3 flex-1 space-y-1.5 text-[13px] text-fg">
        {plan.perks.map((perk) => (
          <li key={perk} className="flex gap-2">
            <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 text-up" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M4 10l4 4 8-8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {perk}
          </li>
        ))}
      </ul>
      <div className="mt-4">
        {paid && !signedIn ? (
          <Link
            to={`/${lang}/login?redirect=${encodeURIComponent(`/${lang}/pricing`)}`}
            data-testid={`choose-${plan.key}`}
            className="block w-full rounded-md bg-primary-600 px-3 py-2 text-center text-[13px] font-semibold text-white hover:bg-primary-700"
          >
            {t('subscribe')}
          </Link>
        ) : paid ? (
          <button
            type="button"
            data-testid={`choose-${plan.key}`}
            onClick={() => {
              if (!paymentsEnabled) {
                showToast({ kind: 'info', id: 'payments-not-configured', messageKey: 'pricing:paymentsUnavailable' });
                return;
              }
              pricing.selectPlan(plan.key as PaidPlanKey);
              document.getElementById('payment-panel')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            }}
            className="w-full rounded-md bg-primary-600 px-3 py-2 text-[13px] font-semibold text-white hover:bg-primary-700 disabled:opacity-50"
          >
            {isPro ? t('renew') : t('subscribe')}
          </button>
        ) : !signedIn ? (
          <Link
            to={`/${lang}/register?redirect=${encodeURIComponent(`/${lang}/pricing`)}`}
            data-testid={`choose-${plan.key}`}
            className="block w-full rounded-md border border-border px-3 py-2 text-center text-[13px] font-semibold text-fg hover:bg-surface-2"
          >
            {t('signUpFree')}
          </Link>
        ) : (
          <p className="rounded-md border border-border px-3 py-2 text-center text-[13px] text-muted">{current ? t('currentPlan') : t('included')}</p>
        )}
      </div>
    </section>
  );
}

/** `linkedWallets`: lower-case addresses of the account's MetaMask identities (no signature needed to pay from them). */
function PaymentPanel({ plans, networks, confirmations, isPro, linkedWallets }: { plans: SubscriptionPlan[]; networks: PaymentNetwork[]; confirmations: number; isPro: boolean; linkedWallets: string[] }) {
  const { t } = useTranslation('pricing');
  const { t: te } = useTranslation('errors');
  const s = usePricingState();
  useEffect(() => rememberNetworks(networks), [networks]);
  // Defaults: first network and its first token.
  useEffect(() => {
    if (!s.network && networks.length) pricing.selectNetwork(networks[0].network, networks[0].tokens[0]?.symbol ?? null);
  }, [s.network, networks]);
  const plan = plans.find((p) => p.key === s.plan) ?? null;
  const net = networks.find((n) => n.network === s.network) ?? null;
  const token = net?.tokens.find((x) => x.symbol === s.token) ?? null;
  const amount = useMemo(() => (plan && token ? plan.price : null), [plan, token]);
  const insufficient = !!(s.balance && amount && Number(s.balance.formatted) < Number(amount));
  const busy = s.phase === 'connecting' || s.phase === 'verifying' || s.phase === 'paying' || s.phase === 'processing';
  const walletLinked = !!s.wallet && linkedWallets.includes(s.wallet.toLowerCase());
  const walletProven = walletLinked || (!!s.wallet && s.proof?.wallet === s.wallet);
  const canPay = !!plan && !!net && !!token && !!s.wallet && walletProven && s.terms && !!s.balance && !insufficient && !busy;

  return (
    <Panel title={t('pay.title')} labelledBy="payment-panel-title">
      <div id="payment-panel" className="space-y-4 p-4" data-testid="payment-panel">
        {!plan ? (
          <p className="text-[13px] text-muted">{t(isPro ? 'pay.chooseRenew' : 'pay.choosePlan')}</p>
        ) : s.phase === 'processing' || (s.phase === 'paying' && s.order) ? (
          <Processing confirmations={s.order?.confirmations ?? 0} required={s.order?.required_confirmations ?? confirmations} txHash={s.order?.tx_hash ?? null} sending={s.phase === 'paying'} />
        ) : s.phase === 'success' ? (
          <div role="status" className="rounded-md border border-up/40 bg-up-soft p-4 text-center" data-testid="payment-success">
            <p className="text-[15px] font-semibold text-up">{t('pay.success')}</p>
            <p className="mt-1 text-[13px] text-fg">{t('pay.successBody', { date: ymd(s.order?.subscription_end_date) })}</p>
            <button type="button" onClick={() => pricing.reset()} className="mt-3 rounded-md border border-border px-3 py-1.5 text-[13px] text-fg hover:bg-surface-2">
              {t('pay.done')}
            </button>
          </div>
        ) : s.phase === 'failed' ? (
          <div role="alert" className="rounded-md border border-down/40 bg-down-soft p-4 text-center" data-testid="payment-failed">
            <p className="text-[15px] font-semibold text-down">{te(s.error ?? 'PAYMENT_UNSUCCESSFUL')}</p>
            {s.order?.failure_reason && <p className="mt-1 text-[12px] text-muted">{t(`pay.reason.${s.order.failure_reason}`, { defaultValue: s.order.failure_reason })}</p>}
            <button type="button" onClick={() => pricing.reset()} className="mt-3 rounded-md border border-border px-3 py-1.5 text-[13px] text-fg hover:bg-surface-2">
              {t('pay.tryAgain')}
            </button>
          </div>
        ) : (
          <>
            <p className="text-[13px] text-fg">
              {t('pay.selected', { plan: plan.name, price: formatAmount(plan.price) })}
            </p>
            <Field label={t('pay.network')}>
              <div className="flex flex-wrap gap-2">
                {networks.map((n) => (
                  <Choice key={n.network} active={n.network === s.network} onClick={() => pricing.selectNetwork(n.network, n.tokens[0]?.symbol ?? null)} testId={`network-${n.network}`}>
                    {n.name}
                  </Choice>
                ))}
              </div>
            </Field>
            <Field label={t('pay.token')}>
              <div className="flex flex-wrap gap-2">
                {(net?.tokens ?? []).map((x) => (
                  <Choice key={x.symbol} active={x.symbol === s.token} onClick={() => pricing.selectToken(x.symbol)} testId={`token-${x.symbol}`}>
                    {x.symbol}
                  </Choice>
                ))}
              </div>
            </Field>
            <Field label={t('pay.wallet')}>
              {s.wallet ? (
                <div className="flex flex-wrap items-center gap-2 text-[13px]">
                  <span className="rounded bg-surface-2 px-2 py-1 font-mono text-fg" data-testid="wallet-address">{short(s.wallet)}</span>
                  <span className="text-muted">
                    {t('pay.balance')}:{' '}
                    <span className={insufficient ? 'font-semibold text-down' : 'font-semibold text-fg'} data-testid="wallet-balance">
                      {s.balanceLoading || !s.balance ? '…' : `${s.balance.formatted} ${s.balance.symbol}`}
                    </span>
                  </span>
                  <button type="button" onClick={() => void pricing.refreshBalance(networks)} className="text-[12px] text-primary-600 hover:underline">
                    {t('pay.refresh')}
                  </button>
                </div>
              ) : (
                <button
                  type="button"
                  onClick={() => void pricing.connect()}
                  disabled={s.phase === 'connecting'}
                  data-testid="connect-wallet"
                  className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-1.5 text-[13px] font-medium text-fg hover:bg-surface-2 disabled:opacity-50"
                >
                  {s.phase === 'connecting' ? t('pay.connecting') : t('pay.connect')}
                </button>
              )}
              {!hasInjectedWallet() && !s.wallet && <p className="mt-1 text-[12px] text-muted">{te('METAMASK_NOT_INSTALLED')}</p>}
              {s.wallet && !walletLinked && (
                <div className="mt-2 rounded-md border border-border px-3 py-2 text-[12px]" data-testid="wallet-verification">
                  {walletProven ? (
                    <p className="font-medium text-up" data-testid="wallet-verified">
                      {t('pay.verified')}
                    </p>
                  ) : (
                    <>
                      <p className="text-muted">{t('pay.verifyBody')}</p>
                      <button
                        type="button"
                        onClick={() => void pricing.verifyWallet()}
                        disabled={busy}
                        data-testid="verify-wallet"
                        className="mt-2 inline-flex items-center gap-2 rounded-md border border-border px-3 py-1.5 text-[13px] font-medium text-fg hover:bg-surface-2 disabled:opacity-50"
                      >
                        {s.phase === 'verifying' ? t('pay.verifying') : t('pay.verify')}
                      </button>
                    </>
                  )}
                </div>
              )}
              {insufficient && (
                <p className="mt-1 text-[12px] text-down" role="alert" data-testid="insufficient-balance">
                  {te('INSUFFICIENT_BALANCE')}
                </p>
              )}
            </Field>
            {net && token && (
              <p className="rounded-md bg-surface-2 px-3 py-2 text-[12px] text-muted" data-testid="payment-summary">
                {t('pay.summary', { amount, token: token.symbol, network: net.name, recipient: short(net.recipient) })}
              </p>
            )}
            <label className="flex items-start gap-2 text-[13px] text-fg">
              <input type="checkbox" checked={s.terms} onChange={(e) => pricing.setTerms(e.target.checked)} className="mt-0.5" data-testid="terms" />
              <span>{t('pay.terms')}</span>
            </label>
            {s.error && (
              <p className="text-[13px] text-down" role="alert" data-testid="payment-error">
                {te(s.error)}
              </p>
            )}
            <button
              type="button"
              disabled={!canPay}
              onClick={() => void pricing.pay(networks, walletLinked)}
              data-testid="confirm-payment"
              className="w-full rounded-md bg-primary-600 px-3 py-2 text-[14px] font-semibold text-white hover:bg-primary-700 disabled:opacity-50 sm:w-auto"
            >
              {s.phase === 'paying' ? t('pay.confirmInWallet') : t('pay.confirm', { amount, token: token?.symbol ?? '' })}
            </button>
          </>
        )}
      </div>
    </Panel>
  );
}

function Processing({ confirmations, required, txHash, sending }: { confirmations: number; required: number; txHash: string | null; sending: boolean }) {
  const { t } = useTranslation('pricing');
  const pct = Math.min(100, Math.round((confirmations / Math.max(1, required)) * 100));
  return (
    <div className="space-y-3 text-center" role="status" aria-live="polite" data-testid="payment-processing">
      <div className="mx-auto h-8 w-8 animate-spin rounded-full border-2 border-primary-500 border-t-transparent" aria-hidden="true" />
      <p className="text-[14px] font-semibold text-fg">{sending ? t('pay.confirmInWallet') : t('pay.processing')}</p>
      <p className="text-[12px] text-muted">{t('pay.stay')}</p>
      {!sending && (
        <>
          <div className="mx-auto h-2 max-w-sm overflow-hidden rounded-full bg-surface-2">
            <div className="h-full bg-primary-500 transition-all" style={{ width: `${pct}%` }} />
          </div>
          <p className="text-[12px] text-fg" data-testid="confirmations">
            {t('pay.confirmations', { count: confirmations, required })}
          </p>
        </>
      )}
      {txHash && <p className="break-all font-mono text-[11px] text-muted">{txHash}</p>}
    </div>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <p className="mb-1 text-[12px] font-semibold uppercase tracking-wide text-muted">{label}</p>
      {children}
    </div>
  );
}

function Choice({ active, onClick, children, testId }: { active: boolean; onClick: () => void; children: React.ReactNode; testId: string }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      data-testid={testId}
      className={`rounded-md border px-3 py-1.5 text-[13px] font-medium ${active ? 'border-primary-500 bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-200' : 'border-border text-fg hover:bg-surface-2'}`}
    >
      {children}
    </button>
  );
}
