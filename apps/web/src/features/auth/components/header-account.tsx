import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../../lib/session-store.ts';
import { openModal } from '../../../stores/modals.ts';
import { useSession } from '../hooks/use-session.ts';
import './header-account.css';

/**
 * Issue 3 item 11: the member's corner is a chunk of its own, so a visitor's first load does not
 * carry it; a page opened with a session already in the tab starts it at once, beside the bundle.
 */
const loadMemberCorner = () => import('./member-corner.tsx');
if (sessionStore.token()) void loadMemberCorner().catch(() => undefined);
/** Log-in and sign-up lead to the member's corner: its chunk loads while the form is filled in. */
function openWanting(modal: 'login' | 'register') {
  void loadMemberCorner().catch(() => undefined);
  openModal(modal);
}
const MemberCorner = lazy(() => loadMemberCorner().then((m) => ({ default: m.MemberCorner })));

/**
 * The account corner of the header (§2) by role: a visitor gets log-in and sign-up; a member the
 * deposit and withdraw buttons and the account dropdown; a trial user a badge and "register a
 * real account" (member pages refused, §8); an agent also the agent centre. `balance` is the seam
 * for the balance widget of the wallet issue (refresh, show/hide): nothing is shown until it exists.
 */
export function HeaderAccount({ balance }: { balance?: ReactNode }) {
  const { t } = useTranslation();
  const { token } = useSession();

  if (!token) {
    return (
      <div className="header-account">
        <button type="button" className="button header-account__login" onClick={() => openWanting('login')}>
          {t('header.login')}
        </button>
        <button
          type="button"
          className="button button--primary header-account__register"
          onClick={() => openWanting('register')}
        >
          {t('header.register')}
        </button>
      </div>
    );
  }

  return (
    <CornerBoundary>
      <Suspense fallback={<div className="header-account" />}>
        <MemberCorner balance={balance} token={token} />
      </Suspense>
    </CornerBoundary>
  );
}

/** The corner's chunk failed to load (offline, a new deployment): an empty corner, not a broken page. */
class CornerBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <div className="header-account" /> : this.props.children;
  }
}
