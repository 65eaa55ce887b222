import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@khela/contracts';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { CustomerServiceButton } from '../../components/ui/customer-service-button.tsx';
import { UsersIcon } from '../../components/ui/icons.tsx';
import { useSwitches, useSystemStatus } from '../../features/system/api/get-status.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { openModal } from '../../stores/modals.ts';
import '../../features/auth/components/auth.css';
import './agent.css';

const BENEFITS = ['dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary'] as const;

/**
 * §2 /agent: the agent (affiliate) landing with its own log-in form (`agent: true`: the server
 * admits agents only, §6), which goes to /agentHome (§4); and the ways to apply (§9 feedback
 * type 6 "apply agent", and customer service).
 */
export default function AgentRoute() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const switches = useSwitches();
  const { role } = useSession();
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
          {role === 'agent' ? (
            <button type="button" className="button button--primary" onClick={() => navigate('/agentHome')}>
              {t('auth.menu.agentCenter')}
            </button>
          ) : (
            <>
              {role === 'member' || role === 'trial' ? (
                // §8 "not an agent": a signed-in player or trial user sent here from /agentHome.
                <p className="agent-landing__notice" role="alert">
                  {errorMessage('auth.not_agent', i18n.language === 'en' ? 'en' : 'bn')}
                </p>
              ) : null}
              <LoginForm
                agent
                smsLogin={Boolean(switches.MOBILEVERCODELOGIN3)}
                onLoggedIn={(_session, forced) => {
                  if (forced) openModal('changePassword', { forced: true });
                  navigate('/agentHome');
                }}
                onForgotPassword={() => openModal('forgotPassword')}
              />
            </>
          )}
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
