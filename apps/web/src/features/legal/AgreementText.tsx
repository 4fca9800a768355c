import { agreementContent } from './agreement-content';

/**
 * Renders the user agreement in `lang` (the user-agreement dialog): title, last-updated line,
 * two summary paragraphs, numbered sections with clauses and bullet lists, a special note and an
 * acknowledgement. `variant="dialog"` is the compact, scrollable form used inside the dialog;
 * `variant="page"` is the full terms-of-service page.
 */
export function AgreementText({ lang, variant }: { lang: string | undefined; variant: 'dialog' | 'page' }) {
  const a = agreementContent(lang);
  const page = variant === 'page';
  const Title = page ? 'h1' : 'h3';
  const SectionTitle = page ? 'h2' : 'h4';
  return (
    <article
      className={page ? 'space-y-4 text-[14px] leading-relaxed' : 'max-h-[60vh] space-y-3 overflow-y-auto pr-1 text-[13px] leading-relaxed'}
      data-testid={page ? 'terms-text' : 'agreement-text'}
    >
      <header className="space-y-1">
        <Title className={page ? 'text-xl font-semibold sm:text-2xl' : 'text-base font-semibold'}>{a.title}</Title>
        <p className="text-[13px] text-muted">{a.lastUpdated}</p>
      </header>
      {a.summary.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      {a.sections.map((s) => (
        <section key={s.id} id={page ? s.id : undefined} className={page ? 'scroll-mt-20 space-y-1.5' : 'space-y-1'}>
          <SectionTitle className={page ? 'pt-2 text-base font-semibold sm:text-lg' : 'font-semibold'}>{s.title}</SectionTitle>
          {s.clauses.map((c, i) => (
            <div key={i} className="space-y-1">
              <p>{c.text}</p>
              {c.bullets && (
                <ul className="list-disc space-y-0.5 pl-5">
                  {c.bullets.map((b, j) => (
                    <li key={j}>{b}</li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </section>
      ))}
      <p className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2" data-testid="agreement-special-note">
        {a.specialNote}
      </p>
      <p className="font-medium">{a.acknowledgement}</p>
    </article>
  );
}
