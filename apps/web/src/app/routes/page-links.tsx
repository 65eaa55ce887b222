import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The way back from a page whose content is not there yet: home, and the promotions. */
export function BackLinks({ promotions = true }: { promotions?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Link className="button button--primary" to="/">
        {t('routes.backHome')}
      </Link>
      {promotions ? (
        <Link className="button" to="/promotions">
          {t('routes.seePromotions')}
        </Link>
      ) : null}
    </>
  );
}

/** The §2 category of a `/{gameType}` page, as its navigation key (sports → SPORTS). */
export function categoryOf(pathname: string): string {
  return pathname.replace(/^\/+|\/+$/g, '').toUpperCase();
}
