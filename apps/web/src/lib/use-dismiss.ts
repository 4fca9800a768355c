import { useEffect, useRef, type RefObject } from 'react';

/**
 * Dismissal of a popup (menu, popover) while `open`: a mouse press outside `ref`'s element or the
 * Escape key calls `onDismiss`. Escape also moves focus back into `ref`'s element (to its first
 * button: the trigger) when focus was inside the popup. Listeners exist only while open.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, onDismiss: () => void): void {
  const latest = useRef(onDismiss);
  useEffect(() => {
    latest.current = onDismiss;
  });
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) latest.current();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const box = ref.current;
      const inside = !!box && box.contains(document.activeElement);
      latest.current();
      if (inside) box?.querySelector<HTMLElement>('button, [href]')?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, ref]);
}
