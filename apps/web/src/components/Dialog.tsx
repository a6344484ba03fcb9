import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

interface DialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  /** Visually hidden title when the content has its own heading. */
  hideTitle?: boolean;
  children: ReactNode;
  /** 'center' for modals, 'side' for the mobile menu sheet. */
  placement?: 'center' | 'side';
  size?: 'md' | 'lg';
}

/**
 * A modal dialog: role=dialog + aria-modal, focus moved in and kept in (Tab wraps), Escape and the
 * backdrop close it, and focus returns to what opened it.
 */
export function Dialog({ open, onClose, title, hideTitle, children, placement = 'center', size = 'md' }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = panel.current;
    const first = node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab' || !node) return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
      if (items.length === 0) {
        e.preventDefault();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (e.shiftKey && (document.activeElement === firstItem || !node.contains(document.activeElement))) {
        e.preventDefault();
        lastItem?.focus();
      } else if (!e.shiftKey && (document.activeElement === lastItem || !node.contains(document.activeElement))) {
        e.preventDefault();
        firstItem?.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.style.overflow = previousOverflow;
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  const side = placement === 'side';
  return createPortal(
    <div className={`fixed inset-0 z-50 flex ${side ? 'justify-end' : 'items-end justify-center p-0 sm:items-center sm:p-6'}`}>
      <div className="absolute inset-0 bg-slate-950/40 backdrop-blur-[2px]" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={
          side
            ? 'relative flex h-full w-[min(22rem,100%)] flex-col overflow-y-auto bg-white shadow-2xl outline-none'
            : `relative max-h-[92vh] w-full ${size === 'lg' ? 'sm:max-w-4xl' : 'sm:max-w-md'} overflow-y-auto rounded-t-2xl bg-white shadow-2xl outline-none sm:rounded-2xl`
        }
      >
        <div className="flex items-start justify-between gap-4 px-6 pt-5">
          <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-lg font-semibold tracking-tight text-slate-900'}>
            {title}
          </h2>
          <button type="button" onClick={() => onCloseRef.current()} className="btn-icon -mr-2 ml-auto" aria-label="Close">
            <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="px-6 pb-6 pt-2">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
