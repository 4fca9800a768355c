import { useCallback, useEffect, useRef, useState } from 'react';

/** Outcome of the last copy: `idle` before any (and again `resetMs` after one). */
export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies text to the clipboard (`navigator.clipboard.writeText`; fails when the API is missing,
 * e.g. on plain HTTP, or refused). `state` tells the outcome of the last copy and falls back to
 * `idle` after `resetMs` (default 2500 ms; `null` keeps it). `copy` resolves to true on success and
 * never rejects.
 */
export function useCopy({ resetMs = 2500 }: { resetMs?: number | null } = {}): { state: CopyState; copy: (text: string) => Promise<boolean> } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = useCallback(
    async (text: string) => {
      let ok = false;
      try {
        if (navigator.clipboard) {
          await navigator.clipboard.writeText(text);
          ok = true;
        }
      } catch {
        ok = false;
      }
      setState(ok ? 'copied' : 'failed');
      if (timer.current) clearTimeout(timer.current);
      if (resetMs !== null) timer.current = setTimeout(() => setState('idle'), resetMs);
      return ok;
    },
    [resetMs],
  );
  return { state, copy };
}
