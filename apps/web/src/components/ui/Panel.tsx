import type { ReactNode } from 'react';

/** A bordered panel with an optional title row. */
export function Panel({ title, actions, children, className = '', as = 'section', labelledBy, avoidBackToTop }: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  as?: 'section' | 'div' | 'aside';
  labelledBy?: string;
  /** The floating back-to-top button hides while it would cover this panel (ScrollToTop). */
  avoidBackToTop?: boolean;
}) {
  const Tag = as;
  return (
    <Tag className={`min-w-0 rounded-lg border border-border bg-surface ${className}`} aria-labelledby={labelledBy} data-avoid-back-to-top={avoidBackToTop ? '' : undefined}>
      {(title || actions) && (
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-b border-border px-3 py-2 sm:px-4">
          {title && (
            <h2 id={labelledBy} className="min-w-0 text-[13px] font-semibold tracking-wide break-words text-fg">
              {title}
            </h2>
          )}
          {actions}
        </div>
      )}
      {children}
    </Tag>
  );
}
