import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { CustomerServiceButton } from '../../components/ui/customer-service-button.tsx';
import { UsersIcon } from '../../components/ui/icons.tsx';
import { useSystemStatus } from '../../features/system/api/get-status.ts';
import { openModal } from '../../stores/modals.ts';
import './agent.css';

const BENEFITS = ['dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary'] as const;

/**
 * §2 /agent: the agent (affiliate) landing. The agent log-in form comes with the accounts
 * issue; until then the page says so and offers the ways to apply (§9 feedback type 6
 * "apply agent", and customer service).
 */
export default function AgentRoute() {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const customerService = status?.info.customerService ?? [];
  return (
    <ContentPage title={t('routes.agent.title')} intro={t('routes.agent.intro')}>
      <div className="agent-landing">
        <section className="agent-landing__card" aria-labelledby="agent-benefits">
          <h2 id="agent-benefits">{t('routes.agent.benefitsTitle')}</h2>
          <ul className="agent-landing__benefits">
            {BENEFITS.map((benefit) => (
              <li key={benefit}>
                <strong>{t(`routes.agent.benefits.${benefit}.title`)}</strong>
                <span>{t(`routes.agent.benefits.${benefit}.body`)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="agent-landing__card agent-landing__login" aria-labelledby="agent-login">
          <span className="agent-landing__icon" aria-hidden="true">
            <UsersIcon size={28} />
          </span>
          <h2 id="agent-login">{t('routes.agent.loginTitle')}</h2>
          <p>{t('routes.agent.loginSoon')}</p>
          <p>{t('routes.agent.applyBody')}</p>
          <div className="agent-landing__actions">
            <button type="button" className="button button--primary" onClick={() => openModal('feedback')}>
              {t('routes.agent.apply')}
            </button>
            <CustomerServiceButton entries={customerService} className="button" />
          </div>
        </section>
      </div>
    </ContentPage>
  );
}
