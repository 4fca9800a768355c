import type { ReactNode } from 'react';

/** Honest empty state: an icon, a heading and one line of explanation. */
export function EmptyState({ title, body, children, testId }: { title: ReactNode; body?: ReactNode; children?: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-4 py-10 text-center" data-testid={testId}>
      <svg viewBox="0 0 24 24" className="h-8 w-8 text-muted" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M3 9h18M8 14h8" strokeLinecap="round" />
      </svg>
      <p className="text-sm font-semibold text-fg">{title}</p>
      {body && <p className="max-w-md text-[13px] text-muted">{body}</p>}
      {children}
    </div>
  );
}
