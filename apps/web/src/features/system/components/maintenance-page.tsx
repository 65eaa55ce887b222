import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '@khela/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { StatusPage } from '../../../components/ui/status-page.tsx';
import { SiteLogo } from '../../../components/ui/site-logo.tsx';
import { WrenchIcon } from '../../../components/ui/icons.tsx';
import { StatusActions, StatusLanguageSwitch } from './status-actions.tsx';

/**
 * §2 maintenance page: the end time if known (in the user's language, with the GMT offset),
 * the operator's info text and a customer-service button.
 */
export function MaintenancePage({ status }: { status: SystemStatus }) {
  const { t, i18n } = useTranslation();
  const { merchant, customerService } = status.info;
  const endsAt = status.maintenance?.endsAt ? formatDateTime(status.maintenance.endsAt, i18n.language) : '';
  const message = status.maintenance?.message.trim();
  return (
    <StatusPage
      testId="maintenance-page"
      brand={<SiteLogo name={merchant.name} />}
      icon={<WrenchIcon size={30} />}
      title={t('status.maintenanceTitle')}
      actions={<StatusActions customerService={customerService} />}
      below={<StatusLanguageSwitch languages={merchant.languages} />}
    >
      {endsAt ? (
        <p>
          {t('status.maintenanceUntilLabel')} <strong>{endsAt}</strong>
        </p>
      ) : (
        <p>{t('status.maintenanceUnknown')}</p>
      )}
      {message ? <p className="status-card__message">{message}</p> : null}
    </StatusPage>
  );
}
