import { CONTRACT_KIND_SWITCHES } from '@khela/contracts';

/**
 * The agent-centre menu (§2 "Agent center menu"; endpoints.md §5): every page under
 * /agentHome/<reference name>, plus the deposit, withdraw, platform message and customer service
 * links. The salary and dividend items depend on the contract settings (§2 "items depend on
 * contract settings"): each shows only while the merchant runs that kind of contract (its
 * white-label switch, CONTRACT_KIND_SWITCHES) and the agent has one live, as `home.consolidated`
 * reports it.
 */

export const AGENT_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'accountDetails',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'teamBetting',
  'userLoss',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
  'myIncome',
] as const;
export type AgentPage = (typeof AGENT_PAGES)[number];

export type ContractFlag = 'dividend' | 'dailySalary' | 'hourSalary' | 'realtimeSalary';
export type ContractFlags = Record<ContractFlag, boolean>;
export const NO_CONTRACT_FLAGS: ContractFlags = {
  dividend: false,
  dailySalary: false,
  hourSalary: false,
  realtimeSalary: false,
};

export type MenuGroup = 'team' | 'reports' | 'income' | 'funds' | 'help';

export interface MenuItem {
  /** Label key under agentCentre.menu.pages. */
  key: AgentPage | 'deposit' | 'withdraw' | 'messages' | 'customerService';
  group: MenuGroup;
  /** Where it goes; customer service opens the site's customer-service choices instead. */
  to: string | null;
  /** Shown only while the merchant runs this kind of contract and the agent has one live. */
  requires?: ContractFlag;
}

const page = (key: AgentPage, group: MenuGroup, requires?: ContractFlag): MenuItem => ({
  key,
  group,
  to: `/agentHome/${key}`,
  ...(requires && { requires }),
});

export const AGENT_MENU: readonly MenuItem[] = [
  page('agentAnnouncement', 'team'),
  page('agentTeamOverview', 'team'),
  page('registerCenter', 'team'),
  page('downlineManagmentView', 'team'),
  page('accountDetails', 'team'),
  page('personalHistoryCopy', 'reports'),
  page('palStatementsAgentCopy', 'reports'),
  page('agentRevenueReport', 'reports'),
  page('agentDownlineTransactionDetailsCopy', 'reports'),
  page('teamBetting', 'reports'),
  page('userLoss', 'reports'),
  page('agentDividendRecordCopy2', 'income', 'dividend'),
  page('agentDailyWages2', 'income', 'dailySalary'),
  page('agentHourSalary', 'income', 'hourSalary'),
  page('agentRealtimeSalary', 'income', 'realtimeSalary'),
  page('myIncome', 'income'),
  { key: 'deposit', group: 'funds', to: '/member?page=depositv2' },
  { key: 'withdraw', group: 'funds', to: '/member?page=withdraw' },
  { key: 'messages', group: 'help', to: '/member?page=messageV2' },
  { key: 'customerService', group: 'help', to: null },
];

export const MENU_GROUPS: readonly MenuGroup[] = ['team', 'reports', 'income', 'funds', 'help'];

/** The menu the agent sees: a gated item only when the merchant runs its kind and the agent's contract is live. */
export function agentMenu(live: ContractFlags, merchantRuns: ContractFlags): MenuItem[] {
  return AGENT_MENU.filter((item) => !item.requires || (merchantRuns[item.requires] && live[item.requires]));
}

/** The kinds the merchant runs, from the switches in force (useSwitches: parents already applied). */
export function merchantContractFlags(switches: Readonly<Record<string, boolean>>): ContractFlags {
  return {
    dividend: switches[CONTRACT_KIND_SWITCHES.dividend] === true,
    dailySalary: switches[CONTRACT_KIND_SWITCHES.daily_salary] === true,
    hourSalary: switches[CONTRACT_KIND_SWITCHES.hourly_salary] === true,
    realtimeSalary: switches[CONTRACT_KIND_SWITCHES.realtime_salary] === true,
  };
}

/**
 * `home.consolidated` (endpoints.md §5) → the menu flags: `divtypeinfo` (enableCt) the dividend,
 * `contractmrdailysalinfotype` the daily salary, `contracthoursalinfo` the hourly salary and
 * `dailysalinfotype` (salary) the real-time salary; each is null while there is no such contract.
 */
export function contractFlagsOf(
  consolidated:
    | {
        divtypeinfo?: unknown;
        contractmrdailysalinfotype?: unknown;
        contracthoursalinfo?: unknown;
        dailysalinfotype?: unknown;
      }
    | undefined,
): ContractFlags {
  if (!consolidated) return NO_CONTRACT_FLAGS;
  return {
    dividend: consolidated.divtypeinfo != null,
    dailySalary: consolidated.contractmrdailysalinfotype != null,
    hourSalary: consolidated.contracthoursalinfo != null,
    realtimeSalary: consolidated.dailysalinfotype != null,
  };
}
