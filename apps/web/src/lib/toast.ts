import { useSyncExternalStore } from 'react';

/** Toasts live 2500 ms and are 25rem wide. */
export const TOAST_LIFE_MS = 2500;

/** One toast: `messageKey` is an i18n key (namespace-qualified, e.g. `shell:network.offline`). */
export interface Toast {
  id: string;
  kind: 'success' | 'error' | 'info';
  messageKey: string;
  /** Milliseconds before it closes by itself; null keeps it until dismissed (e.g. offline). */
  life: number | null;
}

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
let seq = 0;

/**
 * Shows a toast and returns its id. A toast with the same `id` replaces the previous one (so a
 * persistent "offline" toast is never shown twice).
 */
export function showToast(t: { kind: Toast['kind']; messageKey: string; life?: number | null; id?: string }): string {
  const id = t.id ?? `t${++seq}`;
  const toast: Toast = { id, kind: t.kind, messageKey: t.messageKey, life: t.life === undefined ? TOAST_LIFE_MS : t.life };
  toasts = [...toasts.filter((x) => x.id !== id), toast];
  emit();
  if (toast.life !== null) setTimeout(() => dismissToast(id, toast), toast.life);
  return id;
}

/** Closes a toast (only that exact instance when `only` is given). */
export function dismissToast(id: string, only?: Toast): void {
  const next = toasts.filter((x) => !(x.id === id && (!only || x === only)));
  if (next.length !== toasts.length) {
    toasts = next;
    emit();
  }
}

/** The visible toasts, oldest first. */
export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => toasts,
    () => toasts,
  );
}
