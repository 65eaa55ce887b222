import { useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import './modal.css';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Elements Tab can reach inside `root`, in order (hidden ones left out). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[hidden], [inert]') && el.getAttribute('aria-hidden') !== 'true' && el.tabIndex >= 0,
  );
}

/** Page scroll is locked while any modal is open (counted, so overlapping opens and closes agree). */
let scrollLocks = 0;
let savedOverflow = '';
let savedGutter = '';
function lockScroll() {
  if (scrollLocks++ > 0) return;
  const root = document.documentElement;
  savedOverflow = document.body.style.overflow;
  savedGutter = root.style.scrollbarGutter;
  // The page keeps its scrollbar's room, so it does not shift sideways: CSS instead of measuring
  // the scrollbar, which forced a layout while the dialog was being inserted (issue 3 item 11).
  root.style.scrollbarGutter = 'stable';
  document.body.style.overflow = 'hidden';
}
function unlockScroll() {
  if (--scrollLocks > 0) return;
  scrollLocks = 0;
  document.body.style.overflow = savedOverflow;
  document.documentElement.style.scrollbarGutter = savedGutter;
}

/**
 * When a dialog replaces another in the same moment (a lazily loaded body replacing its loading
 * dialog, or one modal opening another), the new one appears without the opening animation.
 */
let lastClosedAt = Number.NEGATIVE_INFINITY;
const REPLACE_WINDOW_MS = 100;

/** Everything beside the dialog becomes inert: no focus, no clicks, hidden from assistive technology. */
function makeSiblingsInert(keep: HTMLElement): () => void {
  const changed: Element[] = [];
  for (const el of document.body.children) {
    if (el === keep || el.hasAttribute('inert') || el.tagName === 'SCRIPT') continue;
    el.setAttribute('inert', '');
    changed.push(el);
  }
  return () => {
    for (const el of changed) el.removeAttribute('inert');
  };
}

export interface ModalProps {
  /** The dialog's name: shown as its heading and used as its accessible label. */
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Width on larger screens; phones always get the full screen. */
  size?: 'small' | 'medium' | 'large';
  /** Buttons under the scrolling body. */
  footer?: ReactNode;
  /** Element to focus on open; the dialog itself by default (screen readers then read its title). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** id of the element that describes the dialog, if any. */
  describedBy?: string;
  className?: string;
  /**
   * false: no close button, and Escape or a click outside do nothing (a forced password change,
   * §4, is left only by changing the password or logging out).
   */
  dismissible?: boolean;
}

/**
 * The accessible dialog behind every §2 modal: `role="dialog"` with `aria-modal`, labelled by its
 * title; focus moves in on open, is trapped while open and returns on close; Escape, the close
 * button and a click on the backdrop close it; the page behind is inert and does not scroll.
 * Full screen on phones, centred on larger screens, themed by the tokens.
 */
export function Modal({
  title,
  onClose,
  children,
  size = 'medium',
  footer,
  initialFocus,
  describedBy,
  className,
  dismissible = true,
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const backdropRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(dismissible ? onClose : () => undefined);
  useLayoutEffect(() => {
    onCloseRef.current = dismissible ? onClose : () => undefined;
  });
  const pressStartedOnBackdrop = useRef(false);
  const [replacing] = useState(() => performance.now() - lastClosedAt < REPLACE_WINDOW_MS);

  // Open: remember focus, lock scroll, make the page inert, focus the dialog, listen for keys.
  // Close: the same undone in reverse, so focus goes back to where it was.
  useLayoutEffect(() => {
    const backdrop = backdropRef.current!;
    const panel = panelRef.current!;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    lockScroll();
    const restoreSiblings = makeSiblingsInert(backdrop);
    (initialFocus?.current ?? panel).focus({ preventScroll: true });

    // Escape closes; Tab and Shift+Tab wrap around inside the dialog.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(panel);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that still lands outside (a click on browser chrome, a script) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !panel.contains(event.target)) panel.focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      // Page first, then focus: a dialog that replaces this one records the restored element
      // as its own "previous", so focus still returns to the original trigger at the end.
      restoreSiblings();
      unlockScroll();
      if (previous?.isConnected) previous.focus({ preventScroll: true });
      lastClosedAt = performance.now();
    };
    // initialFocus is read once, on open.
  }, []);

  return createPortal(
    <div
      ref={backdropRef}
      className="modal-backdrop"
      data-replacing={replacing || undefined}
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Only a press that began and ended on the backdrop closes (not a text selection drag).
        if (event.target === event.currentTarget && pressStartedOnBackdrop.current) onCloseRef.current();
        pressStartedOnBackdrop.current = false;
      }}
    >
      <div
        ref={panelRef}
        className={['modal', `modal--${size}`, className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <header className="modal__header">
          <h2 className="modal__title" id={titleId}>
            {title}
          </h2>
          {dismissible ? (
            <button
              type="button"
              className="modal__close"
              onClick={() => onCloseRef.current()}
              aria-label={t('modal.close')}
            >
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 1 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4Z"
                />
              </svg>
            </button>
          ) : null}
        </header>
        <div className="modal__body">{children}</div>
        {footer ? <footer className="modal__footer">{footer}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}
