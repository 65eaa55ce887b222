import { describe, expect, it } from 'vitest';
import {
  AGENT_MENU,
  AGENT_PAGES,
  agentMenu,
  contractFlagsOf,
  merchantContractFlags,
  NO_CONTRACT_FLAGS,
  type ContractFlags,
} from './agent-menu.ts';

const ALL: ContractFlags = { dividend: true, dailySalary: true, hourSalary: true, realtimeSalary: true };
const keys = (live: ContractFlags, runs: ContractFlags = ALL) => agentMenu(live, runs).map((item) => item.key);
const GATED = ['agentDividendRecordCopy2', 'agentDailyWages2', 'agentHourSalary', 'agentRealtimeSalary'];

describe('agent-centre menu gating', () => {
  it('lists every agreed page once', () => {
    const pages = AGENT_MENU.filter((item) => item.to?.startsWith('/agentHome/')).map((item) => item.key);
    expect([...pages].sort()).toEqual([...AGENT_PAGES].sort());
  });

  it('hides each salary or dividend page until its own contract is live', () => {
    expect(keys(NO_CONTRACT_FLAGS)).not.toContain('agentDividendRecordCopy2');
    expect(keys({ ...NO_CONTRACT_FLAGS, dividend: true })).toContain('agentDividendRecordCopy2');
    expect(keys({ ...NO_CONTRACT_FLAGS, hourSalary: true })).toEqual(
      expect.arrayContaining(['agentHourSalary', 'registerCenter', 'customerService']),
    );
    expect(keys({ ...NO_CONTRACT_FLAGS, hourSalary: true })).not.toContain('agentRealtimeSalary');
  });

  it('reads the flags from home.consolidated', () => {
    expect(contractFlagsOf(undefined)).toEqual(NO_CONTRACT_FLAGS);
    expect(
      contractFlagsOf({
        divtypeinfo: null,
        contractmrdailysalinfotype: { id: 1 },
        contracthoursalinfo: null,
        dailysalinfotype: { id: 3 },
      }),
    ).toEqual({ dividend: false, dailySalary: true, hourSalary: false, realtimeSalary: true });
  });

  it('shows a salary or dividend page only when the merchant runs that kind too (§2 contract settings)', () => {
    expect(keys(ALL, ALL)).toEqual(expect.arrayContaining(GATED));
    for (const page of GATED) expect(keys(ALL, NO_CONTRACT_FLAGS)).not.toContain(page);
    const noDividend = keys(ALL, { ...ALL, dividend: false });
    expect(noDividend).not.toContain('agentDividendRecordCopy2');
    expect(noDividend).toEqual(expect.arrayContaining(['agentDailyWages2', 'agentHourSalary', 'agentRealtimeSalary']));
    // Run by the merchant but not live for this agent: still hidden.
    expect(keys({ ...NO_CONTRACT_FLAGS, dividend: true }, ALL)).not.toContain('agentDailyWages2');
    // The pages every agent has do not depend on the settings.
    expect(keys(NO_CONTRACT_FLAGS, NO_CONTRACT_FLAGS)).toEqual(keys(NO_CONTRACT_FLAGS, ALL));
  });

  it('reads the kinds the merchant runs from the switches in force', () => {
    expect(merchantContractFlags({})).toEqual(NO_CONTRACT_FLAGS);
    expect(
      merchantContractFlags({
        AGENTPOLICY3: true,
        SIGNCONDIV3: true,
        DAILYSALCONT3: false,
        HOURSAL3: true,
        RTSALARY3: false,
      }),
    ).toEqual({ dividend: true, dailySalary: false, hourSalary: true, realtimeSalary: false });
  });
});
