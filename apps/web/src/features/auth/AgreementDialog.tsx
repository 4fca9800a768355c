import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { AgreementText } from '../legal';

/**
 * The user agreement: bilingual by the current language; a title, the last-updated line,
 * two summary paragraphs, numbered sections with clauses and bullet lists, a special
 * note and an acknowledgement (text in features/legal/agreement-content, shared with the
 * terms-of-service page). With `withActions` it shows Decline and Accept and reports the choice.
 */
export function AgreementDialog({ open, onClose, withActions = false, onResult }: { open: boolean; onClose: () => void; withActions?: boolean; onResult?: (accepted: boolean) => void }) {
  const { t, i18n } = useTranslation('auth');
  const answer = (v: boolean) => {
    onResult?.(v);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('agreementDialog.title')}
      width="40rem"
      footer={
        withActions ? (
          <>
            <button type="button" onClick={() => answer(false)} className="rounded-md border border-border px-3 py-1.5 text-[13px] hover:bg-surface-2" data-testid="agreement-decline">
              {t('agreementDialog.decline')}
            </button>
            <button type="button" onClick={() => answer(true)} className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700" data-testid="agreement-accept">
              {t('agreementDialog.accept')}
            </button>
          </>
        ) : (
          <button type="button" onClick={onClose} className="rounded-md border border-border px-3 py-1.5 text-[13px] hover:bg-surface-2">
            {t('agreementDialog.close')}
          </button>
        )
      }
    >
      <AgreementText lang={i18n.language} variant="dialog" />
    </Dialog>
  );
}
