import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { lockBodyScroll } from '../lib/scroll-lock';

/** Elements that take keyboard focus (WAI-ARIA APG dialog pattern). */
const FOCUSABLE = 'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** Open dialogs, innermost last: Escape and the focus trap act on the innermost only. */
const stack: HTMLElement[] = [];

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[inert], [hidden]'));
}

/**
 * Modal dialog (WAI-ARIA APG "Dialog (Modal)"): `role="dialog"`, `aria-modal`, labelled by its
 * title. While open: focus moves into the dialog (its first `[data-autofocus]` element, else the
 * panel), Tab and Shift+Tab cycle inside it, the page behind does not scroll (lib/scroll-lock),
 * Escape closes the innermost open dialog, and (when `closeOnMask`) a press on the mask closes it.
 * On close, focus returns to the element that had it when the dialog opened. Rendered in a portal
 * on `document.body`; nothing is rendered while closed.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return createPortal(<OpenDialog {...props} />, document.body);
}

export interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button and (with `closeOnMask`) a press on the mask. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Action buttons, right-aligned below the body. */
  footer?: ReactNode;
  closeOnMask?: boolean;
  /** CSS width of the panel (at most 90 vw). */
  width?: string;
}

function OpenDialog({ onClose, title, children, footer, closeOnMask = true, width = '25rem' }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(panel);
    const release = lockBodyScroll();
    (panel.querySelector<HTMLElement>('[data-autofocus]') ?? panel).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && stack.at(-1) === panel) {
        e.preventDefault();
        closeRef.current();
      }
    };
    // Focus that lands outside the innermost dialog (a click behind the mask is caught by it, so
    // this is a script or assistive technology) is brought back in.
    const onFocusIn = (e: FocusEvent) => {
      if (stack.at(-1) === panel && e.target instanceof Node && !panel.contains(e.target)) panel.focus();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      stack.splice(stack.indexOf(panel), 1);
      release();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // Tab from the last focusable element goes to the first, Shift+Tab from the first to the last.
  const trapTab = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || e.defaultPrevented || !panelRef.current || stack.at(-1) !== panelRef.current) return;
    const items = focusables(panelRef.current);
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === panelRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4"
      data-testid="dialog-mask"
      onMouseDown={(e) => {
        if (closeOnMask && e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={trapTab}
        className="max-h-[90vh] w-[90%] overflow-auto overscroll-contain rounded-lg border border-border bg-surface shadow-xl outline-none sm:w-auto"
        style={{ maxWidth: '90vw', width }}
      >
        <div className="flex items-center justify-between border-b border-border px-4 py-3">
          <h2 id={titleId} className="text-sm font-semibold">
            {title}
          </h2>
          <button type="button" onClick={onClose} className="rounded p-1 text-muted hover:bg-surface-2 hover:text-fg" aria-label={t('states.close')}>
            <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="px-4 py-4 text-[13px]">{children}</div>
        {footer && <div className="flex justify-end gap-2 border-t border-border px-4 py-3">{footer}</div>}
      </div>
    </div>
  );
}

/** Props of {@link DialogButton}: `primary` is the dialog's main action (filled), else a secondary one (outlined). */
export interface DialogButtonProps {
  onClick: () => void;
  children: ReactNode;
  primary?: boolean;
  disabled?: boolean;
  testId?: string;
}

/** A button of a dialog's footer: the outlined secondary (Cancel, Close, Decline) or the filled primary action. */
export function DialogButton({ onClick, children, primary = false, disabled, testId }: DialogButtonProps) {
  const cls = primary
    ? 'rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700 disabled:cursor-not-allowed disabled:opacity-50'
    : 'rounded-md border border-border px-3 py-1.5 text-[13px] text-fg hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <button type="button" onClick={onClick} disabled={disabled} className={cls} data-testid={testId}>
      {children}
    </button>
  );
}
