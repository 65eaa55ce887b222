import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CustomerServiceButton } from '../../../components/ui/customer-service-button.tsx';
import { useSwitches, useSystemStatus } from '../../system/api/get-status.ts';
import { useConsolidated } from '../api/agent-team.ts';
import { agentMenu, contractFlagsOf, MENU_GROUPS, merchantContractFlags } from '../utils/agent-menu.ts';
import '../messages.ts';

/** The menu items this agent sees: the salary and dividend pages follow the merchant's settings and its contracts. */
export function useAgentMenu() {
  const consolidated = useConsolidated(true);
  const switches = useSwitches();
  return agentMenu(contractFlagsOf(consolidated.data ?? undefined), merchantContractFlags(switches));
}

/** The agent-centre menu, grouped. */
export function AgentMenu({ id, open }: { id: string; open: boolean }) {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const items = useAgentMenu();
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
