import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';

type Section = Record<string, string>;

/**
 * The user agreement (SPEC §2): bilingual by the current language; a title, the last-updated line,
 * two summary paragraphs, numbered sections with clauses (`c*`) and bullet lists (`b*`), a special
 * note and an acknowledgement. With `withActions` it shows Decline and Accept and reports the choice.
 */
export function AgreementDialog({ open, onClose, withActions = false, onResult }: { open: boolean; onClose: () => void; withActions?: boolean; onResult?: (accepted: boolean) => void }) {
  const { t } = useTranslation('auth');
  const sections = t('agreement.sections', { returnObjects: true }) as Record<string, Section>;
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
      <article className="max-h-[60vh] space-y-3 overflow-y-auto pr-1 text-[13px] leading-relaxed" data-testid="agreement-text">
        <h3 className="text-base font-semibold">{t('agreement.title')}</h3>
        <p className="text-muted">{t('agreement.lastUpdated')}</p>
        <p>{t('agreement.summary1')}</p>
        <p>{t('agreement.summary2')}</p>
        {Object.entries(sections).map(([id, s]) => {
          const clauses = Object.entries(s).filter(([k]) => k.startsWith('c'));
          const bullets = Object.entries(s).filter(([k]) => k.startsWith('b'));
          return (
            <section key={id} className="space-y-1">
              <h4 className="font-semibold">{s.title}</h4>
              {clauses.map(([k, v]) => (
                <p key={k}>{v}</p>
              ))}
              {bullets.length > 0 && (
                <ul className="list-disc space-y-0.5 pl-5">
                  {bullets.map(([k, v]) => (
                    <li key={k}>{v}</li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
        <p className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2">{t('agreement.specialNote')}</p>
        <p className="font-medium">{t('agreement.acknowledgement')}</p>
      </article>
    </Dialog>
  );
}
