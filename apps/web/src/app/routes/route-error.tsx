import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../../components/ui/error-screen.tsx';
import { RefreshIcon } from '../../components/ui/icons.tsx';
import { isChunkLoadError } from './lazy-route.tsx';
import NotFoundRoute from './not-found.tsx';

/**
 * A route that failed to load or render. §8: a page chunk that failed or did not arrive within
 * 120 s gets the retry screen (a reload fetches the current build's chunks). Inside the site
 * layout (`inLayout`) it keeps the header and menu around it.
 */
export function RouteError({ inLayout = false }: { inLayout?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const as = inLayout ? 'section' : 'main';

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;

  const home = (
    <Link className="button" to="/" reloadDocument={!inLayout}>
      {t('routes.backHome')}
    </Link>
  );
  if (isChunkLoadError(error)) {
    return (
      <ErrorScreen
        as={as}
        icon={<RefreshIcon size={28} />}
        title={t('chunkError.title')}
        body={t('chunkError.body')}
        onRetry={() => window.location.reload()}
        actions={home}
      />
    );
  }
  return (
    <ErrorScreen
      as={as}
      title={t('routes.errorTitle')}
      body={t('routes.errorBody')}
      onRetry={() => window.location.reload()}
      actions={home}
    />
  );
}

/** The error element of the pages inside the site layout. */
export function PageError() {
  return <RouteError inLayout />;
}
