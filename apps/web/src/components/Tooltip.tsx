import { useId, useState, type ReactNode } from 'react';

/** Tooltip (max width 12.5rem, 250 ms fade) shown on hover and keyboard focus. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className="relative inline-flex" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)} onFocus={() => setOpen(true)} onBlur={() => setOpen(false)} aria-describedby={id}>
      {children}
      <span
        role="tooltip"
        id={id}
        className={`pointer-events-none absolute bottom-full left-1/2 z-50 mb-2 w-max max-w-[12.5rem] -translate-x-1/2 rounded-md bg-gray-900 px-2.5 py-1.5 text-[12px] leading-snug text-white shadow-lg transition-opacity duration-[250ms] ${open ? 'opacity-100' : 'opacity-0'}`}
      >
        {content}
      </span>
    </span>
  );
}
