import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Dialog, DialogButton } from '../../components/Dialog';
import { ApiError } from '../../lib/api';

/**
 * The upgrade prompt shown when a Pro-only feature answers `VIP_REQUIRED` (or a daily limit is
 * reached): a short explanation and a "View perks" button to the pricing page.
 */
export function UpgradeDialog({ open, onClose, reason = 'VIP_REQUIRED' }: { open: boolean; onClose: () => void; reason?: UpgradeReason }) {
  const { t } = useTranslation('pricing');
  const { lang = 'en-US' } = useParams();
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('upgrade.title')}
      footer={
        <>
          <DialogButton onClick={onClose}>{t('upgrade.later')}</DialogButton>
          <DialogButton
            primary
            testId="upgrade-view-perks"
            onClick={() => {
              onClose();
              navigate(`/${lang}/pricing`);
            }}
          >
            {t('upgrade.viewPerks')}
          </DialogButton>
        </>
      }
    >
      <p className="text-fg" data-testid="upgrade-dialog">
        {t(`upgrade.body.${reason}`)}
      </p>
    </Dialog>
  );
}

/** Why the prompt opens: a Pro-only feature, or a used-up daily quota. */
export type UpgradeReason = 'VIP_REQUIRED' | 'CHAT_DAILY_LIMIT_EXCEEDED' | 'STRATEGY_DAILY_LIMIT_EXCEEDED';

const REASONS: UpgradeReason[] = ['VIP_REQUIRED', 'CHAT_DAILY_LIMIT_EXCEEDED', 'STRATEGY_DAILY_LIMIT_EXCEEDED'];

/**
 * Upgrade prompt for any feature. Render `dialog` once in the component and either open it
 * directly (`prompt()`) or pass API errors through `handleError(err)`, which opens it for
 * `VIP_REQUIRED` and the daily-limit codes and returns true (false: the error is yours to show).
 *
 * ```tsx
 * const upgrade = useUpgradePrompt();
 * const run = () => api().catch((e) => upgrade.handleError(e) || setError(errorKey(e)));
 * return <>{button}{upgrade.dialog}</>;
 * ```
 */
export function useUpgradePrompt(): { prompt: (reason?: UpgradeReason) => void; handleError: (err: unknown) => boolean; dialog: ReactNode } {
  const [reason, setReason] = useState<UpgradeReason | null>(null);
  const prompt = useCallback((r: UpgradeReason = 'VIP_REQUIRED') => setReason(r), []);
  const handleError = useCallback((err: unknown) => {
    if (err instanceof ApiError && (REASONS as string[]).includes(err.code)) {
      setReason(err.code as UpgradeReason);
      return true;
    }
    return false;
  }, []);
  const close = useCallback(() => setReason(null), []);
  const dialog = useMemo(() => <UpgradeDialog open={reason != null} onClose={close} reason={reason ?? 'VIP_REQUIRED'} />, [reason, close]);
  return { prompt, handleError, dialog };
}
