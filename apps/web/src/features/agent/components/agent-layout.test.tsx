// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadMessages } from '../../../lib/i18n.ts';
import { closeModal, useModal } from '../../../stores/modals.ts';
import { ok, stubServer } from '../../auth/components/test-server.ts';
import type { Session } from '../../auth/hooks/use-session.ts';

const session: { current: Session } = {
  current: { token: null, info: undefined, role: 'visitor', loading: false },
};
vi.mock('../../auth/hooks/use-session.ts', () => ({ useSession: () => session.current }));
/** The switches in force (§3): all four contract kinds run unless a test says otherwise. */
const RUNS_ALL = {
  AGENTPOLICY3: true,
  SIGNCONDIV3: true,
  DAILYSALCONT3: true,
  HOURSAL3: true,
  RTSALARY3: true,
};
let switches: Record<string, boolean> = RUNS_ALL;
vi.mock('../../system/api/get-status.ts', () => ({
  useSwitches: () => switches,
  useSystemStatus: () => ({ data: undefined }),
}));

const { AgentLayout } = await import('./agent-layout.tsx');

const account = {
  id: 9,
  username: 'agent01',
  nickname: 'Agent Nine',
  type: 1,
  affiliateCode: 'AGENT01',
  uplineUsername: null,
  balance: '10.00',
  currency: 'BDT',
  directCount: 2,
  teamSize: 5,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
  timeZone: 'Asia/Dhaka',
  promotionDomains: ['localhost'],
};
const consolidated = (live: Partial<Record<string, unknown>>) => ({
  dailysalreqtype: false,
  divtypereq: false,
  contracthoursalreq: false,
  realtimesalreqtype: false,
  contractmrdailysalinfotype: null,
  contracthoursalinfo: null,
  dailysalinfotype: null,
  divtypeinfo: null,
  offers: [],
  sumBalance: '10.00',
  currency: 'BDT',
  currencySymbol: '৳',
  ...live,
});
let consolidatedValue: unknown = consolidated({});
/** A live contract as home.consolidated reports it (agent-contracts.ts contractViewSchema). */
const live = (kind: string) => ({
  id: '1',
  kind,
  state: 'active',
  offerer: null,
  member: 'agent01',
  terms: {},
  offeredAt: '2026-01-01T00:00:00.000Z',
  activatedAt: '2026-01-01T00:00:00.000Z',
  endedAt: null,
  terminationRequestedBy: null,
});

function ModalProbe() {
  const modal = useModal();
  return <output data-testid="modal">{modal ? `${modal.name}:${JSON.stringify(modal.props)}` : 'none'}</output>;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/agent', element: <p>agent landing</p> },
      {
        path: '/agentHome',
        element: <AgentLayout />,
        children: [
          { index: true, element: <p>agent home</p> },
          { path: 'registerCenter', element: <p>register centre</p> },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ModalProbe />
    </QueryClientProvider>,
  );
  return router;
}

const agentSession = (): Session => ({
  token: 't',
  info: { nickname: 'Agent Nine', userName: 'agent01', type: 1 } as Session['info'],
  role: 'agent',
  loading: false,
});

beforeAll(async () => {
  await initI18n('en');
  await loadMessages('agent');
});
beforeEach(() => {
  consolidatedValue = consolidated({});
  switches = RUNS_ALL;
  stubServer((url) => {
    if (url.startsWith('/wps/agent/account')) return ok(account);
    if (url.startsWith('/wps/member/info/funds/consolidated')) return ok(consolidatedValue);
    return undefined;
  });
});
afterEach(() => {
  act(() => closeModal());
  cleanup();
  vi.unstubAllGlobals();
});

describe('the agent layout guard (§2 /agentHome)', () => {
  it.each(['member', 'trial', 'visitor'] as const)('sends a %s to /agent', (role) => {
    session.current = { token: role === 'visitor' ? null : 't', info: undefined, role, loading: false };
    const router = renderAt('/agentHome/registerCenter');
    expect(router.state.location.pathname).toBe('/agent');
    expect(screen.getByText('agent landing')).toBeTruthy();
    expect(screen.queryByText('register centre')).toBeNull();
  });

  it('waits while the member info loads, then shows an agent the page inside the layout', () => {
    session.current = { token: 't', info: undefined, role: 'member', loading: true };
    const router = renderAt('/agentHome/registerCenter');
    expect(router.state.location.pathname).toBe('/agentHome/registerCenter');
    cleanup();
    session.current = agentSession();
    renderAt('/agentHome/registerCenter');
    expect(screen.getByText('register centre')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Agent centre menu' })).toBeTruthy();
  });

  it("shows the nickname, the merchant's GMT offset and a clock, and signs out to /agent", async () => {
    session.current = agentSession();
    renderAt('/agentHome');
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Agent Nine')).toBeTruthy();
    expect(await within(header).findByText('GMT+06:00')).toBeTruthy();
    expect(header.querySelector('time')?.textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    act(() => within(header).getByRole('button', { name: 'Sign out' }).click());
    expect(screen.getByTestId('modal').textContent).toBe('logoutConfirm:{"from":"agent"}');
  });
});

describe('the agent-centre menu follows the contract settings (§2)', () => {
  const menuLinks = () =>
    within(screen.getByRole('navigation', { name: 'Agent centre menu' }))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));

  it('lists every page, deposit, withdraw and platform messages, without the salary and dividend pages', async () => {
    session.current = agentSession();
    renderAt('/agentHome');
    await waitFor(() => expect(menuLinks()).toContain('/agentHome/registerCenter'));
    const links = menuLinks();
    for (const page of [
      'agentAnnouncement',
      'agentTeamOverview',
      'downlineManagmentView',
      'accountDetails',
      'personalHistoryCopy',
      'palStatementsAgentCopy',
      'agentRevenueReport',
      'agentDownlineTransactionDetailsCopy',
      'teamBetting',
      'userLoss',
      'myIncome',
    ]) {
      expect(links).toContain(`/agentHome/${page}`);
    }
    expect(links).toEqual(
      expect.arrayContaining(['/member?page=depositv2', '/member?page=withdraw', '/member?page=messageV2']),
    );
    for (const gated of ['agentDividendRecordCopy2', 'agentDailyWages2', 'agentHourSalary', 'agentRealtimeSalary']) {
      expect(links).not.toContain(`/agentHome/${gated}`);
    }
  });

  it('shows the dividend record and the daily salary pages once those contracts are live', async () => {
    consolidatedValue = consolidated({
      divtypeinfo: live('dividend'),
      contractmrdailysalinfotype: live('daily_salary'),
    });
    session.current = agentSession();
    renderAt('/agentHome');
    await waitFor(() => expect(menuLinks()).toContain('/agentHome/agentDividendRecordCopy2'));
    expect(menuLinks()).toContain('/agentHome/agentDailyWages2');
    expect(menuLinks()).not.toContain('/agentHome/agentHourSalary');
    expect(menuLinks()).not.toContain('/agentHome/agentRealtimeSalary');
  });

  it("hides a live contract's page while the merchant does not run that kind", async () => {
    consolidatedValue = consolidated({
      divtypeinfo: live('dividend'),
      contractmrdailysalinfotype: live('daily_salary'),
    });
    switches = { ...RUNS_ALL, SIGNCONDIV3: false };
    session.current = agentSession();
    renderAt('/agentHome');
    await waitFor(() => expect(menuLinks()).toContain('/agentHome/agentDailyWages2'));
    expect(menuLinks()).not.toContain('/agentHome/agentDividendRecordCopy2');
  });
});
