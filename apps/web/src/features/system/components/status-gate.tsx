import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, storedLanguage } from '../../../lib/i18n.ts';
import { LoadingCover } from '../../../components/ui/loading-cover.tsx';
import { ErrorScreen } from '../../../components/ui/error-screen.tsx';
import { useSystemStatus } from '../api/get-status.ts';
import { setSiteTimeZone } from '../../../lib/site-time-zone.ts';
import './status-pages.css';

// Seldom shown, so not in every visitor's first load: fetched when the status calls for them
// (static files are served during maintenance and to blocked regions alike).
const MaintenancePage = lazy(() => import('./maintenance-page.tsx').then((m) => ({ default: m.MaintenancePage })));
const RegionBlockPage = lazy(() => import('./region-block-page.tsx').then((m) => ({ default: m.RegionBlockPage })));

/**
 * §4 system status decides what renders: 0 the app, 1 the maintenance page, 2 the region-block
 * page (maintenance takes priority: status 1 wins, and so does a maintenance record). An
 * unknown domain gets the §8 "Invalid URL" screen.
 */
export function StatusGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const status = useSystemStatus();

  // §4: the first visit stores the merchant's default language.
  const merchantDefault = status.data?.info.merchant.defaultLanguage;
  useEffect(() => {
    if (merchantDefault && !storedLanguage()) void changeLanguage(merchantDefault);
  }, [merchantDefault]);

  // The status is asked again in each language (its texts are localised). While the answer in
  // the new language loads, the last one stands, so a language change does not unmount the app.
  const data = useLastAnswer(status.data);

  if (!data && status.isPending) return <LoadingCover />;
  if (!data && status.isError) {
    const invalidUrl = status.error.code === 'merchant.invalid_url';
    return (
      <ErrorScreen
        title={invalidUrl ? t('status.invalidUrl') : t('common.networkError')}
        body={invalidUrl ? undefined : t('chunkError.body')}
        onRetry={invalidUrl ? undefined : () => void status.refetch()}
      />
    );
  }
  if (!data) return <LoadingCover />;
  // Every time on the site is shown in the merchant's zone (lib/format.ts), set before a page renders one.
  setSiteTimeZone(data.info.merchant.timeZone);
  const maintenance = data.status === 1 || (data.status !== 0 && data.maintenance);
  if (maintenance || data.status === 2) {
    return (
      <Suspense fallback={<LoadingCover />}>
        {maintenance ? <MaintenancePage status={data} /> : <RegionBlockPage status={data} />}
      </Suspense>
    );
  }
  return children;
}

/** The latest defined value seen, kept while a new one loads (state adjusted during render). */
export function useLastAnswer<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}
