import { CalibrationView } from './CalibrationView';
import { NewsRecordView } from './NewsRecordView';
import { RecordRoot } from './RecordRoot';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Container } from '../../components/layout/PageShell';
import { EmptyState, ErrorState, Panel, Skeleton } from '../../components/ui';
import { ReplayBadge } from '../../components/ReplayBadge';
import { ApiError, errorKey, isCancelled } from '../../lib/api';
import { LatestAccuracyPanel } from './AccuracyBadge';
import { SignalCard } from './SignalCard';
import { TrackRecordView } from './TrackRecord';
import { BacktestView } from './BacktestView';
import { useSignalsList, type SignalsListKind } from './queries';
import { hasToken } from '../../lib/session';

const TABS = ['all', 'hot', 'following', 'trackRecord', 'calibration', 'newsRecord', 'backtest'] as const;
/** Tabs that show a record, under which the published root of the tamper-evident record is shown. */
const RECORD_TABS: readonly Tab[] = ['trackRecord', 'calibration', 'newsRecord'];
type Tab = (typeof TABS)[number];

function CardSkeleton() {
  return (
    <div className="rounded-lg border border-border bg-surface p-4" aria-hidden="true">
      <div className="flex items-center gap-3">
        <Skeleton className="h-7 w-7 rounded-full" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="ml-auto h-4 w-24" />
      </div>
      <Skeleton className="mt-4 h-5 w-32" />
      <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">{Array.from({ length: 8 }, (_, i) => <Skeleton key={i} className="h-8" />)}</div>
    </div>
  );
}

function SignInPrompt() {
  const { t } = useTranslation('signals');
  const { lang = 'en-US' } = useParams();
  return (
    <Panel>
      <EmptyState title={t('signIn.title')} testId="signals-sign-in">
        <Link to={`/${lang}/login?redirect=${encodeURIComponent(`/${lang}/trading-signals?tab=following`)}`} className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700">
          {t('signIn.action')}
        </Link>
      </EmptyState>
    </Panel>
  );
}

function SignalsList({ kind }: { kind: SignalsListKind }) {
  const { t } = useTranslation('signals');
  const signedIn = kind !== 'following' || hasToken();
  const q = useSignalsList(kind, signedIn);
  if (!signedIn || (q.error instanceof ApiError && q.error.status === 401)) return <SignInPrompt />;
  if (q.isError && !isCancelled(q.error)) return <Panel><ErrorState messageKey={errorKey(q.error)} onRetry={() => void q.refetch()} /></Panel>;
  if (!q.data) return <div className="flex flex-col gap-3" aria-busy="true">{Array.from({ length: 3 }, (_, i) => <CardSkeleton key={i} />)}</div>;
  const items = q.data.pages.flatMap((p) => p.signals);
  if (!items.length) return <Panel><EmptyState title={t(`empty.${kind}`)} body={t(`empty.${kind}Body`)} testId="signals-empty" /></Panel>;
  return (
    <div className="flex flex-col gap-3">
      {kind === 'hot' && <p className="text-[12px] text-muted">{t('hotNote')}</p>}
      {items.map((item) => <SignalCard key={item.cryptocurrency.id} item={item} fetchedAt={q.dataUpdatedAt} />)}
      <div className="py-2 text-center">
        {q.hasNextPage ? (
          <button type="button" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage} className="rounded-md border border-border bg-surface px-4 py-1.5 text-[13px] hover:bg-surface-2 disabled:opacity-50" data-testid="signals-load-more">
            {q.isFetchingNextPage ? t('loading') : t('loadMore')}
          </button>
        ) : (
          <span className="text-[12px] text-muted">{t('end')}</span>
        )}
      </div>
    </div>
  );
}

/** Trading signals (route `trading-signals`): accuracy, all / hot / following lists and the track record. */
export default function SignalsPage() {
  const { t } = useTranslation('signals');
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'all';
  return (
    <Container className="py-4 sm:py-6">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold text-fg sm:text-2xl">{t('heading')}</h1>
          <p className="mt-1 max-w-3xl text-[13px] text-muted">{t('intro')}</p>
        </div>
        <ReplayBadge />
      </div>
      <LatestAccuracyPanel />
      <div role="tablist" aria-label={t('heading')} className="mt-4 mb-3 flex gap-1 overflow-x-auto border-b border-border max-sm:flex-wrap max-sm:gap-x-0" data-testid="signals-tabs">
        {TABS.map((k) => (
          <button
            key={k}
            role="tab"
            type="button"
            aria-selected={tab === k}
            data-tab={k}
            onClick={() => setParams(k === 'all' ? {} : { tab: k }, { replace: true })}
            className={`-mb-px border-b-2 px-3 py-2 text-[13px] font-medium whitespace-nowrap ${tab === k ? 'border-primary-600 text-fg' : 'border-transparent text-muted hover:text-fg'}`}
          >
            {t(`tabs.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'trackRecord' ? <TrackRecordView /> : tab === 'calibration' ? <CalibrationView /> : tab === 'newsRecord' ? <NewsRecordView /> : tab === 'backtest' ? <BacktestView /> : <SignalsList key={tab} kind={tab} />}
      {RECORD_TABS.includes(tab) && <RecordRoot />}
    </Container>
  );
}
