import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../../lib/session-store.ts';
import { openModal } from '../../../stores/modals.ts';
import './notices.css';

/**
 * Shown in the banner slot while the merchant has no w_home banners: the site's own welcome
 * (UI labels only), so the home never opens on a hole.
 */
export function WelcomeBanner() {
  const { t } = useTranslation();
  const visitor = !sessionStore.token();
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <div className="welcome__art" aria-hidden="true">
        <span className="welcome__chip welcome__chip--1" />
        <span className="welcome__chip welcome__chip--2" />
        <span className="welcome__chip welcome__chip--3" />
      </div>
      <div className="welcome__text">
        <h2 id="welcome-title" className="welcome__title">
          {t('home.welcomeTitle')}
        </h2>
        <p className="welcome__body">{t('home.welcomeBody')}</p>
        <div className="welcome__actions">
          {visitor ? (
            <button type="button" className="button button--primary" onClick={() => openModal('register')}>
              {t('home.joinNow')}
            </button>
          ) : null}
          <Link className="button welcome__secondary" to="/promotions">
            {t('home.seePromotions')}
          </Link>
        </div>
      </div>
    </section>
  );
}
