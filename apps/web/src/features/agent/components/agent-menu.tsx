import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CustomerServiceButton } from '../../../components/ui/customer-service-button.tsx';
import { useSystemStatus } from '../../system/api/get-status.ts';
import { agentMenu, MENU_GROUPS, type ContractFlags } from '../utils/agent-menu.ts';
import '../messages.ts';

/** The agent-centre menu, grouped; the salary and dividend items follow the agent's contracts. */
export function AgentMenu({ id, open, flags }: { id: string; open: boolean; flags: ContractFlags }) {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const items = agentMenu(flags);
  const customerService = status?.info.customerService ?? [];
  return (
    <nav id={id} className={open ? 'agent-menu is-open' : 'agent-menu'} aria-label={t('agentCentre.menu.label')}>
      {MENU_GROUPS.map((group) => {
        const entries = items.filter((item) => item.group === group);
        if (!entries.length) return null;
        return (
          <section key={group} className="agent-menu__group">
            <h2 className="agent-menu__heading">{t(`agentCentre.menu.groups.${group}`)}</h2>
            <ul>
              {entries.map((item) => (
                <li key={item.key}>
                  {item.to ? (
                    <NavLink to={item.to} className="agent-menu__link">
                      {t(`agentCentre.menu.pages.${item.key}`)}
                    </NavLink>
                  ) : (
                    <CustomerServiceButton
                      entries={customerService}
                      className="agent-menu__link agent-menu__button"
                      trigger={t(`agentCentre.menu.pages.${item.key}`)}
                      placement="down-start"
                    />
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}
