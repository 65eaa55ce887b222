import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, storedLanguage } from '../../../lib/i18n.ts';
import { LoadingCover } from '../../../components/ui/loading-cover.tsx';
import { ErrorScreen } from '../../../components/ui/error-screen.tsx';
import { useSystemStatus } from '../api/get-status.ts';
import { MaintenancePage } from './maintenance-page.tsx';
import { RegionBlockPage } from './region-block-page.tsx';

/**
 * §4 system status decides what renders: 0 the app, 1 the maintenance page, 2 the region-block
 * page (maintenance takes priority, the server already applies it). An unknown domain gets the
 * §8 "Invalid URL" screen.
 */
export function StatusGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const status = useSystemStatus();

  // §4: the first visit stores the merchant's default language.
  const merchantDefault = status.data?.info.merchant.defaultLanguage;
  useEffect(() => {
    if (merchantDefault && !storedLanguage()) void changeLanguage(merchantDefault);
  }, [merchantDefault]);

  if (status.isPending) return <LoadingCover />;
  if (status.isError) {
    const invalidUrl = status.error.code === 'merchant.invalid_url';
    return (
      <ErrorScreen
        title={invalidUrl ? t('status.invalidUrl') : t('common.networkError')}
        onRetry={invalidUrl ? undefined : () => void status.refetch()}
      />
    );
  }
  if (status.data.status === 1) return <MaintenancePage status={status.data} />;
  if (status.data.status === 2) return <RegionBlockPage status={status.data} />;
  return children;
}
