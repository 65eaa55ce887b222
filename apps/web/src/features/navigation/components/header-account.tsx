import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../../lib/session-store.ts';
import { openModal } from '../../../stores/modals.ts';

/**
 * The account corner of the header. Seam for the accounts issue: a visitor (no session token)
 * gets the §2 log-in and sign-up buttons; a member will get the balance with refresh and
 * show/hide, deposit and withdraw, and the account dropdown of §2 once member info exists.
 * Until then a member sees a link to the member centre.
 */
export function HeaderAccount() {
  const { t } = useTranslation();
  if (sessionStore.token()) {
    return (
      <div className="header-account">
        <Link className="button" to="/member">
          {t('header.account')}
        </Link>
      </div>
    );
  }
  return (
    <div className="header-account">
      <button type="button" className="button header-account__login" onClick={() => openModal('login')}>
        {t('header.login')}
      </button>
      <button
        type="button"
        className="button button--primary header-account__register"
        onClick={() => openModal('register')}
      >
        {t('header.register')}
      </button>
    </div>
  );
}
