import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type ValueOf } from '@khela/contracts';
import { call, onSessionEnded, session } from './api.ts';
import { useI18n } from './i18n.tsx';
import { idleState, type IdleState } from './idle.ts';
import { allowedSections, sectionFor, type Section } from './sections.ts';
import { SignIn } from './sections/sign-in.tsx';
import { applyTheme } from './theme.ts';
import { Loading } from './components/states.tsx';
import { MerchantSwitcher } from './merchant-switcher.tsx';

const Dashboard = lazy(() => import('./sections/dashboard.tsx'));
const Cashier = lazy(() => import('./sections/cashier.tsx'));
const Members = lazy(() => import('./sections/members.tsx'));
const Operators = lazy(() => import('./sections/operators.tsx'));
const Audit = lazy(() => import('./sections/audit.tsx'));
const Reports = lazy(() => import('./sections/reports.tsx'));
const Games = lazy(() => import('./sections/games.tsx'));
const Books = lazy(() => import('./sections/books.tsx'));
const Security = lazy(() => import('./sections/security.tsx'));
const Content = lazy(() => import('./sections/content.tsx'));
const Settings = lazy(() => import('./sections/settings.tsx'));
const Agents = lazy(() => import('./sections/agents.tsx'));
const Engagement = lazy(() => import('./sections/engagement.tsx'));

export type Operator = ValueOf<typeof adminEndpoints.me>;

export function App() {
  const { t } = useI18n();
  const [operator, setOperator] = useState<Operator | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    onSessionEnded(() => setOperator(null));
    if (!session.token()) {
      setOperator(null);
      return;
    }
    call(adminEndpoints.me)
      .then(setOperator)
      .catch(() => setOperator(null));
  }, []);

  const signOut = useCallback(
    async (reason: 'asked' | 'idle') => {
      await call(adminEndpoints.logout).catch(() => undefined);
      session.clear();
      queryClient.clear();
      setNotice(reason === 'idle' ? t('idle.signedOut') : null);
      setOperator(null);
    },
    [queryClient, t],
  );

  if (operator === undefined) return <Loading />;
  if (operator === null) {
    return (
      <SignIn
        notice={notice}
        onSignedIn={(signedIn) => {
          setNotice(null);
          setOperator(signedIn);
        }}
      />
    );
  }
  return <Shell operator={operator} onSignOut={signOut} onOperator={setOperator} />;
}

function useIdle(onExpired: () => void) {
  const last = useRef(Date.now());
  const [state, setState] = useState<IdleState>({ kind: 'active' });
  useEffect(() => {
    const touch = () => {
      last.current = Date.now();
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    events.forEach((name) => window.addEventListener(name, touch, { passive: true }));
    const timer = setInterval(() => {
      const next = idleState(last.current, Date.now());
      setState((previous) =>
        previous.kind === next.kind &&
        (next.kind !== 'warning' || previous.kind !== 'warning' || previous.secondsLeft === next.secondsLeft)
          ? previous
          : next,
      );
      if (next.kind === 'expired') onExpired();
    }, 1000);
    return () => {
      events.forEach((name) => window.removeEventListener(name, touch));
      clearInterval(timer);
    };
  }, [onExpired]);
  return {
    state,
    stay: () => {
      last.current = Date.now();
      setState({ kind: 'active' });
    },
  };
}

function Shell({
  operator,
  onSignOut,
  onOperator,
}: {
  operator: Operator;
  onSignOut: (reason: 'asked' | 'idle') => void;
  /** The operator as the server now sees them (another merchant switched to). */
  onOperator: (operator: Operator) => void;
}) {
  const { t, language, setLanguage } = useI18n();
  const allowed = allowedSections(operator.permissions);
  const [pathname, setPathname] = useState(location.pathname);
  const [theme, setTheme] = useState(document.documentElement.dataset.theme === 'light' ? 'light' : 'dark');
  const section = sectionFor(pathname, allowed);
  // On a phone the menu folds behind one button (issue 16: usable at 360 px).
  const [menuOpen, setMenuOpen] = useState(false);
  const expire = useCallback(() => onSignOut('idle'), [onSignOut]);
  const idle = useIdle(expire);

  useEffect(() => {
    const onPop = () => setPathname(location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    document.title = `${section ? t(section.label) : t('app.title')} · ${t('app.title')}`;
  }, [section, t]);

  const go = (target: Section) => {
    history.pushState(null, '', target.path);
    setPathname(target.path);
    setMenuOpen(false);
  };
  const toggleTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    applyTheme(next, true);
    setTheme(next);
  };

  return (
    <div className="shell">
      <a className="skip" href="#main">
        {t('app.skip')}
      </a>
      <header className="bar">
        <span className="brand">{t('app.title')}</span>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="console-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {t('app.menuButton', { section: section ? t(section.label) : t('app.menu') })}
        </button>
        <nav id="console-nav" aria-label={t('app.menu')} className={menuOpen ? 'nav open' : 'nav'}>
          {allowed.map((item) => (
            <a
              key={item.id}
              href={item.path}
              aria-current={item.id === section?.id ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                go(item);
              }}
            >
              {t(item.label)}
            </a>
          ))}
        </nav>
        <div className="tools">
          <span className="who">{t('app.signedInAs', { name: operator.username, role: operator.role })}</span>
          <MerchantSwitcher operator={operator} onSwitched={onOperator} />
          <button
            type="button"
            className="ghost"
            lang={language === 'bn' ? 'en' : 'bn'}
            title={t('app.languageLabel')}
            onClick={() => setLanguage(language === 'bn' ? 'en' : 'bn')}
          >
            {t('app.language')}
          </button>
          <button type="button" className="ghost" onClick={toggleTheme}>
            {theme === 'dark' ? t('app.themeLight') : t('app.themeDark')}
          </button>
          <button type="button" className="ghost" onClick={() => onSignOut('asked')}>
            {t('signOut')}
          </button>
        </div>
      </header>
      {/* Keyed by the merchant: a switch starts every section afresh on the other merchant's data. */}
      <main id="main" tabIndex={-1} key={operator.merchantCode}>
        <Suspense fallback={<Loading />}>
          {section?.id === 'dashboard' && (
            <Dashboard
              merchants={operator.merchants.length}
              onOpenCashier={() =>
                allowed.find((s) => s.id === 'cashier') && go(allowed.find((s) => s.id === 'cashier')!)
              }
            />
          )}
          {section?.id === 'cashier' && <Cashier />}
          {section?.id === 'members' && <Members permissions={operator.permissions} />}
          {section?.id === 'operators' && <Operators self={operator.id} merchants={operator.merchants} />}
          {section?.id === 'audit' && <Audit />}
          {section?.id === 'reports' && <Reports />}
          {section?.id === 'games' && <Games permissions={operator.permissions} />}
          {section?.id === 'books' && <Books permissions={operator.permissions} />}
          {section?.id === 'security' && <Security />}
          {section?.id === 'content' && <Content permissions={operator.permissions} />}
          {section?.id === 'settings' && <Settings permissions={operator.permissions} />}
          {section?.id === 'agents' && <Agents />}
          {section?.id === 'engagement' && <Engagement permissions={operator.permissions} />}
          {!section && <p className="empty">{t('app.nothing')}</p>}
        </Suspense>
      </main>
      {idle.state.kind === 'warning' && (
        <div className="backdrop">
          <div
            role="alertdialog"
            aria-modal="true"
            aria-labelledby="idle-title"
            aria-describedby="idle-body"
            className="dialog"
          >
            <h2 id="idle-title">{t('idle.title')}</h2>
            <p id="idle-body">{t('idle.body', { seconds: idle.state.secondsLeft })}</p>
            <div className="actions">
              <button type="button" className="primary" autoFocus onClick={idle.stay}>
                {t('idle.stay')}
              </button>
              <button type="button" onClick={() => onSignOut('asked')}>
                {t('signOut')}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
