import { describe, expect, it } from 'vitest';
import { AGENT_MENU, AGENT_PAGES, agentMenu, contractFlagsOf, NO_CONTRACT_FLAGS } from './agent-menu.ts';

describe('agent-centre menu gating', () => {
  it('lists every agreed page once', () => {
    const pages = AGENT_MENU.filter((item) => item.to?.startsWith('/agentHome/')).map((item) => item.key);
    expect([...pages].sort()).toEqual([...AGENT_PAGES].sort());
  });

  it('hides each salary or dividend page until its own contract is live', () => {
    const keys = (flags: Parameters<typeof agentMenu>[0]) => agentMenu(flags).map((item) => item.key);
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
});
