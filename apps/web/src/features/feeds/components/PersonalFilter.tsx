import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { FeedImportance, FeedTrend, NewsFilter } from '@coinlens/contracts';
import { Dialog } from '../../../components/Dialog';
import { useMe } from '../../../lib/session';
import { errorKey } from '../../../lib/api';
import { useAllCoins } from '../../../lib/market-queries';
import { saveNewsFilter, useNewsFilter } from '../feeds-api';

const IMPORTANCES: FeedImportance[] = ['general', 'less_important', 'important', 'most_important'];
const TRENDS: FeedTrend[] = ['bullish', 'bearish', 'neutral'];
const EMPTY: NewsFilter = { followed_coins: false, coins: [], min_importance: 'general', sentiments: [], sources: [], languages: [] };

/**
 * Personalised news filtering (Pro): a toggle that applies the saved filter and a dialog
 * to edit it (kept on the server). Visitors are asked to log in; free users get the upgrade prompt
 * (VIP_REQUIRED) with a link to the perks.
 */
export function PersonalFilter({ value, onChange }: { value: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation('feeds');
  const { lang } = useParams();
  const { me } = useMe();
  const isPro = !!me?.isPro;
  const saved = useNewsFilter(isPro);
  const coins = useAllCoins();
  const qc = useQueryClient();
  const [open, setOpen] = useState<'edit' | 'upgrade' | 'login' | null>(null);
  const [draft, setDraft] = useState<NewsFilter>(EMPTY);
  const [error, setError] = useState<string | null>(null);

  const openEditor = () => {
    if (!me) return setOpen('login');
    if (!isPro) return setOpen('upgrade');
    setDraft(saved.data ?? EMPTY);
    setError(null);
    setOpen('edit');
  };
  const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
  const save = async () => {
    try {
      await saveNewsFilter(draft);
      await qc.invalidateQueries({ queryKey: ['feeds'] });
      setOpen(null);
      onChange(true);
    } catch (e) {
      setError(errorKey(e));
    }
  };

  return (
    <div className="flex items-center gap-2">
      {isPro && saved.data && (
        <label className="inline-flex items-center gap-1 text-[12px] text-fg">
          <input type="checkbox" checked={value} onChange={(e) => onChange(e.target.checked)} data-testid="personal-apply" />
          {t('personal.apply')}
        </label>
      )}
      <button type="button" onClick={openEditor} className="inline-flex items-center gap-1 rounded-md border border-border px-2 py-1 text-[12px] font-medium text-fg hover:bg-surface-2" data-testid="personal-filter">
        {t('personal.button')}
        <span className="rounded bg-amber-100 px-1 text-[10px] font-bold text-amber-800 dark:bg-amber-900 dark:text-amber-200">{t('personal.pro')}</span>
      </button>
      <Dialog open={open === 'upgrade'} onClose={() => setOpen(null)} title={t('personal.upgradeTitle')}>
        <p className="text-[13px] text-fg" data-testid="upgrade-dialog">{t('personal.upgradeBody')}</p>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" onClick={() => setOpen(null)} className="rounded-md border border-border px-3 py-1.5 text-[13px]">
            {t('personal.cancel')}
          </button>
          <Link to={`/${lang}/pricing`} className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700">
            {t('personal.viewPerks')}
          </Link>
        </div>
      </Dialog>
      <Dialog open={open === 'login'} onClose={() => setOpen(null)} title={t('personal.title')}>
        <p className="text-[13px] text-fg">{t('personal.loginFirst')}</p>
        <div className="mt-4 flex justify-end gap-2">
          <Link to={`/${lang}/login`} className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700">
            {t('personal.login')}
          </Link>
        </div>
      </Dialog>
      <Dialog open={open === 'edit'} onClose={() => setOpen(null)} title={t('personal.title')} width="32rem">
        <div className="space-y-3 text-[13px]">
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={draft.followed_coins} onChange={(e) => setDraft({ ...draft, followed_coins: e.target.checked })} />
            {t('personal.followed')}
          </label>
          <fieldset>
            <legend className="mb-1 font-medium">{t('personal.coins')}</legend>
            <div className="flex max-h-28 flex-wrap gap-1 overflow-y-auto">
              {(coins.data ?? []).map((c) => (
                <button
                  key={c.id}
                  type="button"
                  aria-pressed={draft.coins.includes(c.symbol)}
                  onClick={() => setDraft({ ...draft, coins: toggle(draft.coins, c.symbol) })}
                  className={`rounded border px-1.5 py-0.5 text-[12px] ${draft.coins.includes(c.symbol) ? 'border-primary-500 bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-200' : 'border-border'}`}
                >
                  {c.symbol}
                </button>
              ))}
            </div>
          </fieldset>
          <label className="flex items-center justify-between gap-2">
            <span className="font-medium">{t('personal.minImportance')}</span>
            <select value={draft.min_importance} onChange={(e) => setDraft({ ...draft, min_importance: e.target.value as FeedImportance })} className="rounded border border-border bg-surface px-2 py-1">
              {IMPORTANCES.map((i) => (
                <option key={i} value={i}>
                  {t(`importance.${i}`)}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="flex flex-wrap items-center gap-3">
            <legend className="mb-1 font-medium">{t('personal.sentiments')}</legend>
            {TRENDS.map((s) => (
              <label key={s} className="inline-flex items-center gap-1">
                <input type="checkbox" checked={draft.sentiments.includes(s)} onChange={() => setDraft({ ...draft, sentiments: toggle(draft.sentiments, s) })} />
                {t(`trend.${s}`)}
              </label>
            ))}
          </fieldset>
          <label className="block">
            <span className="mb-1 block font-medium">{t('personal.sources')}</span>
            <input
              type="text"
              defaultValue={draft.sources.join(', ')}
              onBlur={(e) => setDraft({ ...draft, sources: e.target.value.split(',').map((s) => s.trim()).filter(Boolean) })}
              className="w-full rounded border border-border bg-surface px-2 py-1"
            />
          </label>
          <fieldset className="flex flex-wrap items-center gap-3">
            <legend className="mb-1 font-medium">{t('personal.languages')}</legend>
            {(['en', 'zh'] as const).map((l) => (
              <label key={l} className="inline-flex items-center gap-1">
                <input type="checkbox" checked={draft.languages.includes(l)} onChange={() => setDraft({ ...draft, languages: toggle(draft.languages, l) })} />
                {l === 'en' ? t('personal.langEn') : t('personal.langZh')}
              </label>
            ))}
          </fieldset>
          {error && <p role="alert" className="text-down">{t(error)}</p>}
          <div className="flex justify-end gap-2 pt-1">
            <button type="button" onClick={() => setOpen(null)} className="rounded-md border border-border px-3 py-1.5">
              {t('personal.cancel')}
            </button>
            <button type="button" onClick={() => void save()} className="rounded-md bg-primary-600 px-3 py-1.5 font-medium text-white hover:bg-primary-700" data-testid="personal-save">
              {t('personal.save')}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
