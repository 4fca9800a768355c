import type { ReactNode } from 'react';
import { EmptyState, Panel } from '../ui';

/** Standard page container: centred, max 1440 px wide, dense padding. */
export function Container({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-[1440px] px-3 sm:px-4 lg:px-6 ${className}`}>{children}</div>;
}

/** Simple page: heading, optional intro and an empty-state panel (screens built out in later releases). */
export function SimplePage({ heading, intro, emptyTitle, emptyBody, children, testId }: {
  heading: ReactNode;
  intro?: ReactNode;
  emptyTitle?: ReactNode;
  emptyBody?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Container className="py-6">
      <div className="mb-4">
        <h1 className="text-xl font-semibold text-fg sm:text-2xl">{heading}</h1>
        {intro && <p className="mt-1 text-[13px] text-muted">{intro}</p>}
      </div>
      {emptyTitle && (
        <Panel>
          <EmptyState title={emptyTitle} body={emptyBody} testId={testId} />
        </Panel>
      )}
      {children}
    </Container>
  );
}
