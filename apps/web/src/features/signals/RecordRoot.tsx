import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, Panel, Skeleton } from '../../components/ui';
import { errorKey } from '../../lib/api';
import { api } from '../../lib/api-client';
import { formatNumber } from '../../lib/format';

/** Daily roots of the tamper-evident record (`GET /api/record/roots`). */
export function useRecordRoots() {
  return useQuery({ queryKey: ['record', 'roots'], queryFn: ({ signal }) => api('getRecordRoots', {}, { signal }), refetchInterval: 5 * 60_000 });
}

/**
 * The published root of the tamper-evident record under the record tabs: the hash-chain head at the
 * end of the latest UTC day, how many entries it covers, and how to recompute it.
 */
export function RecordRoot() {
  const { t } = useTranslation('signals');
  const q = useRecordRoots();
  const day = q.data?.days[0];
  return (
    <Panel title={t('record.title')} className="mt-4">
      <div className="px-3 pb-3 text-[12px]" data-testid="record-root">
        {q.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : q.isError ? (
          <ErrorState messageKey={errorKey(q.error)} onRetry={() => void q.refetch()} />
        ) : !day ? (
          <p className="text-muted" data-testid="record-root-empty">{t('record.empty')}</p>
        ) : (
          <>
            <p className="text-fg">{t('record.rootOf', { day: day.day, count: day.last_seq, n: formatNumber(day.last_seq) })}</p>
            <code className="mt-1 block rounded bg-surface-2 px-2 py-1 font-mono text-[11px] break-all text-fg" data-testid="record-root-hash">{day.root}</code>
            <p className="mt-1 text-muted">
              {t('record.head', { count: q.data!.head?.seq ?? 0, n: formatNumber(q.data!.head?.seq ?? 0), dayCount: formatNumber(day.entries) })} {t('record.how')}
            </p>
          </>
        )}
      </div>
    </Panel>
  );
}
