import { useTranslation } from 'react-i18next';
import type { SentimentAccuracySet } from '@coinlens/contracts';
import { Panel, Skeleton } from '../../../components/ui';
import { formatNumber } from '../../../lib/format';
import { useSentimentAccuracy } from '../feeds-api';

/** The sets shown, in order: a later period first (what a reader gets), the training months last. */
const SHOWN: SentimentAccuracySet['id'][] = ['later_en', 'native_zh', 'dev_en'];

/** A fraction as "73.4 %" / "73.4%" (one decimal). */
const pct = (x: number, lang: string) => `${(100 * x).toFixed(1)}${lang === 'zh-CN' ? '%' : ' %'}`;

/** One set: its accuracy with the 95 % interval and n, what always answering its majority label scores, and who made its labels. */
function Row({ s }: { s: SentimentAccuracySet }) {
  const { t, i18n } = useTranslation('feeds');
  const lang = i18n.language;
  return (
    <li className="px-4 py-2" data-testid="sentiment-accuracy-set" data-set={s.id}>
      <p className="text-[13px] font-medium text-fg">{t(`accuracy.set.${s.id}`)}</p>
      <p className="num text-[12px] text-fg">
        {t('accuracy.figure', { pct: pct(s.accuracy, lang), lo: pct(s.ci95[0], lang), hi: pct(s.ci95[1], lang), n: formatNumber(s.n) })}
      </p>
      <p className="num text-[11px] text-muted">{t('accuracy.majority', { label: t(`trend.${s.majority.label}`), pct: pct(s.majority.share, lang) })}</p>
      <p className="text-[11px] text-muted">{t(`accuracy.ref.${s.id}`)}</p>
    </li>
  );
}

/**
 * "How reliable are the sentiment labels": the built-in classifier's measured accuracy on headlines
 * it never trained on (a later period in English, native Chinese), then on its training months, each
 * with its 95 % interval, n and the majority-label baseline, from `GET /api/feeds/sentiment-accuracy`.
 */
export function SentimentAccuracy() {
  const { t } = useTranslation('feeds');
  const q = useSentimentAccuracy();
  const d = q.data;
  const sets = d ? SHOWN.map((id) => d.sets.find((s) => s.id === id)).filter((s): s is SentimentAccuracySet => !!s) : [];
  return (
    <Panel title={t('accuracy.title')} className="h-fit overflow-hidden" labelledBy="sentiment-accuracy-title">
      <div data-testid="sentiment-accuracy">
        {!d ? (
          q.isError ? (
            <p className="px-4 py-3 text-[12px] text-muted">{t('accuracy.error')}</p>
          ) : (
            <div className="space-y-2 px-4 py-3">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          )
        ) : (
          <>
            <p className="px-4 pt-2 text-[11px] text-muted">{t('accuracy.intro')}</p>
            <ul className="divide-y divide-border">
              {sets.map((s) => (
                <Row key={s.id} s={s} />
              ))}
            </ul>
            <p className="px-4 pb-3 text-[11px] text-muted">{t('accuracy.model', { model: d.model })}</p>
          </>
        )}
      </div>
    </Panel>
  );
}
