import type { ReactNode } from 'react';

/** Secondary button of the settings sections. */
export const btn = 'rounded-md border border-border px-3 py-1.5 text-[13px] font-medium hover:bg-surface-2 disabled:opacity-50';
/** Primary button of the settings sections. */
export const primaryBtn = 'rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700 disabled:opacity-50';

/** One labelled row of a settings section (label above on phones, beside from `sm`). */
export function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="w-40 shrink-0 text-[13px] text-muted">{label}</div>
      <div className="min-w-0 flex-1 text-[14px]">{children}</div>
    </div>
  );
}
