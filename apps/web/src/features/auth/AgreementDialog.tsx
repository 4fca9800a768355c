import { useTranslation } from 'react-i18next';
import { Dialog, DialogButton } from '../../components/Dialog';
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
            <DialogButton onClick={() => answer(false)} testId="agreement-decline">
              {t('agreementDialog.decline')}
            </DialogButton>
            <DialogButton primary onClick={() => answer(true)} testId="agreement-accept">
              {t('agreementDialog.accept')}
            </DialogButton>
          </>
        ) : (
          <DialogButton onClick={onClose}>{t('agreementDialog.close')}</DialogButton>
        )
      }
    >
      <AgreementText lang={i18n.language} variant="dialog" />
    </Dialog>
  );
}
