import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '@khela/contracts';
import { StatusPage } from '../../../components/ui/status-page.tsx';
import { SiteLogo } from '../../../components/ui/site-logo.tsx';
import { LockIcon } from '../../../components/ui/icons.tsx';
import { StatusActions, StatusLanguageSwitch } from './status-actions.tsx';

/** §2/§8 region-block page ("Access restricted"): the visitor's IP, a message and customer service. */
export function RegionBlockPage({ status }: { status: SystemStatus }) {
  const { t } = useTranslation();
  const { merchant, customerService } = status.info;
  return (
    <StatusPage
      testId="region-block-page"
      brand={<SiteLogo name={merchant.name} />}
      icon={<LockIcon size={30} />}
      title={t('status.restrictedTitle')}
      actions={<StatusActions customerService={customerService} />}
      below={<StatusLanguageSwitch languages={merchant.languages} />}
    >
      <p>{t('status.restrictedBody')}</p>
      <p>
        {t('status.yourIpLabel')}{' '}
        <strong className="status-card__ip" dir="ltr">
          {status.location.ip}
        </strong>
      </p>
      <p>{t('status.restrictedHelp')}</p>
    </StatusPage>
  );
}
