import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../../components/ui/error-screen.tsx';

/** A route that failed to render or load (e.g. a chunk after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <ErrorScreen title={t('chunkError.title')} body={t('chunkError.body')} onRetry={() => window.location.reload()} />
  );
}
