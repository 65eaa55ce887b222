import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint.ts';
import { CloseIcon } from '../ui/icons.tsx';
import './site-layout.css';

/** From this width the side menu is a column beside the page; below it, a drawer. */
export const WIDE_QUERY = '(min-width: 1024px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => true,
  );
}

export interface MenuControl {
  open: boolean;
  controls: string;
  toggle: () => void;
  ref: React.RefObject<HTMLButtonElement | null>;
}

export interface SiteLayoutProps {
  /** The header; it gets the drawer control on narrow screens when there is a side menu. */
  header: (menu: MenuControl | undefined) => ReactNode;
  /** The side menu; leave it out to hide it (§2: on game pages). */
  sideMenu?: ReactNode;
  footer: ReactNode;
  /** The floating customer-service widget. */
  widget?: ReactNode;
  /** Above the header: the navigation progress bar. */
  top?: ReactNode;
  children: ReactNode;
}

/**
 * §2 regions: skip link, header, side menu (a column on wide screens, a drawer on phones),
 * the main region, footer and the floating widget. Everything else is composed in by the app.
 */
export function SiteLayout({ header, sideMenu, footer, widget, top, children }: SiteLayoutProps) {
  const { t } = useTranslation();
  const wide = useMediaQuery(WIDE_QUERY);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  const drawer = Boolean(sideMenu) && !wide;
  const drawerOpen = drawer && open;
  // Issue 3 item 11: the first paint is the header and the page; the side menu (a closed drawer
  // on phones), the footer and the widget follow once it is drawn. Their room is kept by CSS.
  const painted = useAfterFirstPaint();

  // Focus goes back to the menu button once the drawer has closed: while it is open the header
  // is inert, so focusing the button in the same tick would be ignored by the browser.
  const refocus = useRef(false);
  const close = useCallback(() => {
    refocus.current = true;
    setOpen(false);
  }, []);
  useEffect(() => {
    if (drawerOpen || !refocus.current) return;
    refocus.current = false;
    menuButton.current?.focus();
  }, [drawerOpen]);

  // A navigation (a link in the drawer) or widening the window closes the drawer.
  useEffect(() => setOpen(false), [pathname, search, wide]);

  useEffect(() => {
    if (!drawerOpen) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [drawerOpen, close]);

  const menu: MenuControl | undefined = drawer
    ? { open: drawerOpen, controls: menuId, toggle: () => setOpen((value) => !value), ref: menuButton }
    : undefined;

  return (
    <div className="site" data-side-menu={sideMenu ? (wide ? 'column' : 'drawer') : 'hidden'}>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      {top}
      <div className="site__header" inert={drawerOpen || undefined}>
        {header(menu)}
      </div>
      <div className="site__body">
        {sideMenu ? (
          <>
            <div
              id={menuId}
              className="site__side"
              data-open={drawerOpen || undefined}
              aria-label={t('nav.sideMenu')}
              // A landmark beside the page; a modal dialog when open as a drawer. Closed on a
              // phone: out of the tab order and hidden from assistive technology.
              role={drawerOpen ? 'dialog' : 'complementary'}
              aria-modal={drawerOpen || undefined}
              inert={(drawer && !drawerOpen) || undefined}
            >
              {drawer ? (
                <div className="site__side-head">
                  <span className="site__side-title">{t('nav.menu')}</span>
                  <button
                    ref={closeButton}
                    type="button"
                    className="icon-button"
                    aria-label={t('nav.closeMenu')}
                    onClick={close}
                  >
                    <CloseIcon />
                  </button>
                </div>
              ) : null}
              {painted || drawerOpen ? sideMenu : null}
            </div>
            {drawerOpen ? <div className="site__backdrop" aria-hidden="true" onClick={close} /> : null}
          </>
        ) : null}
        <div className="site__content" inert={drawerOpen || undefined}>
          <main className="site__main" id="main" tabIndex={-1}>
            {children}
          </main>
          {painted ? footer : null}
        </div>
      </div>
      {widget && painted ? (
        <div className="site__widget" inert={drawerOpen || undefined}>
          {widget}
        </div>
      ) : null}
    </div>
  );
}
