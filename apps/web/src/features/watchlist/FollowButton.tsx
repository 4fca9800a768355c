import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoinRef } from '@coinlens/contracts';
import { useNavigate, useParams } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { useSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { errorKey } from '../../lib/api';
import { useFollowing, useFollowMutation } from './queries';

const STAR = 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z';

/**
 * Follow / unfollow a coin: a pending state while it saves, then the watchlist reloads;
 * unfollowing asks for confirmation. Signed out, the button goes to login.
 *
 * `variant="star"` is the compact star of the market table, search results and watchlist search:
 * an icon-only toggle (named "Add/Remove {name} … watchlist" for screen readers) that is not
 * rendered at all when signed out (the watchlist is a signed-in feature), and whose click does not
 * reach the row around it.
 */
export function FollowButton({ coin, name, variant = 'button' }: { coin: CoinRef; name: string; variant?: 'button' | 'star' }) {
  const { t } = useTranslation('shell');
  const { lang = 'en-US' } = useParams();
  const navigate = useNavigate();
  const { token } = useSession();
  const following = useFollowing();
  const m = useFollowMutation();
  const [confirm, setConfirm] = useState(false);
  const isFollowing = !!following.data?.some((f) => f.cryptocurrency.slug === coin);
  const pending = m.isPending || (following.isFetching && m.isSuccess);
  const run = (follow: boolean) =>
    m.mutate({ coin, follow }, { onError: (e) => showToast({ kind: 'error', messageKey: errorKey(e) }) });
  const dialog = (
    <Dialog
      open={confirm}
      onClose={() => setConfirm(false)}
      title={t('watch.confirmTitle')}
      footer={
        <div className="flex justify-end gap-2">
          <button type="button" className="rounded-md border border-border px-3 py-1.5 text-[13px]" onClick={() => setConfirm(false)}>
            {t('watch.cancel')}
          </button>
          <button type="button" data-testid="confirm-unfollow" className="rounded-md bg-down px-3 py-1.5 text-[13px] font-medium text-white" onClick={() => { setConfirm(false); run(false); }}>
            {t('watch.unfollow')}
          </button>
        </div>
      }
    >
      <p className="text-[14px]">{t('watch.confirmBody', { name })}</p>
    </Dialog>
  );
  if (variant === 'star') {
    if (!token) return null;
    const label = t(isFollowing ? 'watch.starRemove' : 'watch.starAdd', { name });
    return (
      <>
        <button
          type="button"
          data-testid="follow-star"
          data-coin={coin}
          aria-pressed={isFollowing}
          aria-label={label}
          title={label}
          disabled={pending || following.isLoading}
          onClick={(e) => {
            e.preventDefault();
            e.stopPropagation();
            if (isFollowing) setConfirm(true);
            else run(true);
          }}
          onKeyDown={(e) => e.stopPropagation()}
          className={`inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-md hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary-500 disabled:opacity-50 ${isFollowing ? 'text-amber-500' : 'text-muted hover:text-fg'}`}
        >
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill={isFollowing ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d={STAR} strokeLinejoin="round" />
          </svg>
        </button>
        {dialog}
      </>
    );
  }
  return (
    <>
      <button
        type="button"
        data-testid="follow-button"
        aria-pressed={isFollowing}
        disabled={pending}
        onClick={() => {
          if (!token) return navigate(`/${lang}/login?redirect=${encodeURIComponent(window.location.pathname)}`);
          if (isFollowing) setConfirm(true);
          else run(true);
        }}
        className={`inline-flex h-8 items-center gap-1.5 rounded-md border px-3 text-[13px] font-medium disabled:opacity-60 ${
          isFollowing ? 'border-primary-500 bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300' : 'border-border hover:bg-surface-2'
        }`}
      >
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill={isFollowing ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d={STAR} strokeLinejoin="round" />
        </svg>
        {pending ? t('watch.saving') : isFollowing ? t('watch.following') : t('watch.follow')}
      </button>
      {dialog}
    </>
  );
}
