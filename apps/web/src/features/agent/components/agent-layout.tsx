import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingCover } from '../../../components/ui/loading-cover.tsx';
import { ClockIcon, CloseIcon, MenuIcon } from '../../../components/ui/icons.tsx';
import { openModal } from '../../../stores/modals.ts';
import { useSession } from '../../auth/hooks/use-session.ts';
import { useAgentAccount, useMerchantTimeZone } from '../api/agent-team.ts';
import { clockText, gmtOffset } from '../utils/clock.ts';
import { AgentMenu } from './agent-menu.tsx';
import './agent-layout.css';
import '../messages.ts';

/** A clock of the merchant's zone that ticks every second. */
function LiveClock({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="agent-header__clock">
      <ClockIcon size={16} />
      <span className="visually-hidden">{t('agentCentre.header.timeZone')}</span>
      <span className="agent-header__offset">{gmtOffset(timeZone, now)}</span>
      <span className="visually-hidden">{t('agentCentre.header.clock')}</span>
      <time dateTime={now.toISOString()}>{clockText(timeZone, now)}</time>
    </span>
  );
}

/** The agent centre's own header: the merchant's GMT offset, a live clock, the nickname and sign out. */
function AgentHeader({
  menuOpen,
  onToggleMenu,
  actions,
}: {
  menuOpen: boolean;
  onToggleMenu: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { info } = useSession();
  const account = useAgentAccount();
  const timeZone = useMerchantTimeZone();
  const name = info?.nickname || account.data?.nickname || info?.userName || account.data?.username || '';
  return (
    <header className="agent-header">
      <button
        type="button"
        className="icon-button agent-header__menu-toggle"
        aria-expanded={menuOpen}
        aria-controls="agent-menu"
        aria-label={menuOpen ? t('agentCentre.header.closeMenu') : t('agentCentre.header.openMenu')}
        onClick={onToggleMenu}
      >
        {menuOpen ? <CloseIcon size={20} /> : <MenuIcon size={20} />}
      </button>
      <p className="agent-header__title">{t('agentCentre.title')}</p>
      <LiveClock timeZone={timeZone} />
      <p className="agent-header__who">
        <span className="visually-hidden">{t('agentCentre.header.signedInAs')} </span>
        <strong>{name}</strong>
      </p>
      {actions}
      <button type="button" className="button" onClick={() => openModal('logoutConfirm', { from: 'agent' })}>
        {t('agentCentre.header.signOut')}
      </button>
    </header>
  );
}

/** The agent centre shell: header, the menu gated by the contract settings, and the page. */
function AgentShell({ actions }: { actions?: ReactNode }) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // A page picked from the menu closes it (on narrow screens it covers the page).
  useEffect(() => setMenuOpen(false), [pathname]);
  return (
    <div className="agent-shell">
      <AgentHeader menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} actions={actions} />
      <div className="agent-shell__body">
        <AgentMenu id="agent-menu" open={menuOpen} />
        <main className="agent-shell__page">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/**
 * §2 /agentHome: the agent-only layout (issue 13 item 1), drawn instead of the player site's shell;
 * `actions` are the app's language and theme controls. Behind the log-in guard (router); and
 * §2/§6: anyone who is not an agent (players, trial users) is sent to /agent.
 */
export function AgentLayout({ actions }: { actions?: ReactNode }) {
  const { role, loading } = useSession();
  if (loading) return <LoadingCover />;
  if (role !== 'agent') return <Navigate to="/agent" replace />;
  return <AgentShell actions={actions} />;
}
