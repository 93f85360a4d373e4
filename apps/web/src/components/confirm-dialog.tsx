import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { Alert } from './alert.tsx';
import { secondaryButton } from './button-styles.ts';
import { Spinner } from './spinner.tsx';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex="0"]';

const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white transition hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

/**
 * A modal question before a destructive action. Focus starts on Cancel and stays inside; Escape
 * or a click outside cancels; focus returns to where it was, or to `fallbackFocus` when that
 * element is gone (the row that opened it was removed).
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  error,
  onConfirm,
  onCancel,
  fallbackFocus,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  fallbackFocus?: () => HTMLElement | null;
}) {
  const titleId = useId();
  const bodyId = useId();
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const fallback = useRef(fallbackFocus);
  const opener = useRef<HTMLElement | null>(null);

  // Before the dialog is painted, so that no key pressed as it opens reaches the page behind it
  // (an effect runs after the paint, and a second Enter would land on the button that opened it).
  useLayoutEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
  }, []);

  // Back where it was once the dialog is gone, after the commit that removes it: by then a row
  // the dialog removed is gone too, and focus goes to `fallbackFocus` instead.
  useEffect(() => {
    const whenClosed = fallback.current;
    return () => {
      if (opener.current?.isConnected) opener.current.focus();
      else whenClosed?.()?.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <div
        ref={box}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div id={bodyId} className="mt-2 text-sm text-slate-700">
          {children}
        </div>
        {error && (
          <div className="mt-4">
            <Alert>{error}</Alert>
          </div>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            ref={cancel}
            type="button"
            className={`${secondaryButton} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
            aria-disabled={busy}
            onClick={() => {
              if (!busy) onCancel();
            }}
          >
            Cancel
          </button>
          {/* aria-disabled rather than disabled: the focused button keeps focus while busy. */}
          <button
            type="button"
            className={dangerButton}
            aria-disabled={busy}
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {busy && <Spinner />}
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
