import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '@khela/contracts';

/** §2 region-block page: the visitor's IP, a message and a customer-service button. */
export function RegionBlockPage({ status }: { status: SystemStatus }) {
  const { t } = useTranslation();
  return (
    <main className="status-page" data-testid="region-block-page">
      <h1>{t('status.restrictedTitle')}</h1>
      <p>{t('status.yourIp', { ip: status.location.ip })}</p>
    </main>
  );
}
