import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CustomerServiceButton, type CustomerServiceEntry } from '../ui/customer-service-button.tsx';
import { ArrowUpIcon, DownloadIcon, HeadsetIcon, UsersIcon } from '../ui/icons.tsx';
import { Popover } from '../ui/popover.tsx';

/** The scroll-to-top button appears once the page has scrolled this far. */
const SHOW_TOP_AFTER = 400;

export interface FloatingWidgetProps {
  customerService: readonly CustomerServiceEntry[];
  /** The download QR codes, shown in a panel; leave out when there is no download. */
  downloads?: ReactNode;
  /** §2 invite shortcut: agents, or when the referral promo is on. */
  showInvite: boolean;
}

/**
 * §2 floating customer-service widget: customer service, download QR codes, the invite
 * shortcut and scroll to top, stacked at the bottom corner. On phones only customer service and
 * scroll to top float (the other two are in the side menu): a stack of four covered the edges
 * of tables and forms at 360 px.
 */
export function FloatingWidget({ customerService, downloads, showInvite }: FloatingWidgetProps) {
  const { t } = useTranslation();
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SHOW_TOP_AFTER);
    // Read once the frame is drawn: reading scrollY while the first render is being inserted
    // forced a layout (issue 3 item 11). Scrolling itself reports through the event.
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  return (
    <aside className="floating-widget" aria-label={t('layout.widget')}>
      <ul className="floating-widget__list">
        {showInvite ? (
          <li className="floating-widget__secondary">
            <Link
              className="floating-widget__button"
              to="/member?page=referral"
              aria-label={t('nav.inviteFriends')}
              title={t('nav.inviteFriends')}
            >
              <UsersIcon />
            </Link>
          </li>
        ) : null}
        {downloads ? (
          <li className="floating-widget__secondary">
            <Popover
              label={t('download.title')}
              title={t('download.title')}
              trigger={<DownloadIcon />}
              triggerClassName="floating-widget__button"
              placement="up-end"
              panelClassName="floating-widget__panel"
            >
              {() => downloads}
            </Popover>
          </li>
        ) : null}
        {customerService.length > 0 ? (
          <li>
            <CustomerServiceButton
              entries={customerService}
              className="floating-widget__button floating-widget__button--primary"
              trigger={<HeadsetIcon />}
              placement="up-end"
            />
          </li>
        ) : null}
        <li hidden={!scrolled}>
          <button
            type="button"
            className="floating-widget__button"
            aria-label={t('layout.backToTop')}
            title={t('layout.backToTop')}
            onClick={() => {
              const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
              window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
              document.getElementById('main')?.focus({ preventScroll: true });
            }}
          >
            <ArrowUpIcon />
          </button>
        </li>
      </ul>
    </aside>
  );
}
