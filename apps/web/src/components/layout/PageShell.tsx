import type { ReactNode } from 'react';

/** Standard page container: centred, max 1440 px wide, dense padding. */
export function Container({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-[1440px] px-3 sm:px-4 lg:px-6 ${className}`}>{children}</div>;
}
