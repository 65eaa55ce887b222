// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { closeModal } from '../../../stores/modals.ts';
import { ok, stubServer } from '../../auth/components/test-server.ts';
import type { Session } from '../../auth/hooks/use-session.ts';

const session: { current: Session } = {
  current: { token: null, info: undefined, role: 'visitor', loading: false },
};
vi.mock('../../auth/hooks/use-session.ts', () => ({ useSession: () => session.current }));
vi.mock('../../system/api/get-status.ts', () => ({ useSwitches: () => ({ AGENTPOLICY3: true }) }));

const { ContractOffers } = await import('./contract-offers.tsx');

const offer = {
  id: '7',
  kind: 'daily_salary',
  state: 'offered',
  offerer: 'agent01',
  member: 'agent02',
  terms: {
    tiers: [
      { activeMembers: 0, validBet: '0.00', rate: '0.30' },
      { activeMembers: 3, validBet: '1000.00', rate: '0.50' },
    ],
  },
  offeredAt: '2026-01-01T00:00:00.000Z',
  activatedAt: null,
  endedAt: null,
  terminationRequestedBy: null,
};
const consolidated = (offers: unknown[]) => ({
  dailysalreqtype: offers.length > 0,
  divtypereq: false,
  contracthoursalreq: false,
  realtimesalreqtype: false,
  contractmrdailysalinfotype: null,
  contracthoursalinfo: null,
  dailysalinfotype: null,
  divtypeinfo: null,
  offers,
  sumBalance: '10.00',
  currency: 'BDT',
  currencySymbol: '৳',
});

let pending: unknown[] = [];
const calls: string[] = [];

function renderOffers() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ContractOffers />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  pending = [offer];
  calls.length = 0;
  sessionStorage.clear();
  stubServer((url) => {
    calls.push(url);
    if (url.startsWith('/wps/member/info/funds/consolidated')) return ok(consolidated(pending));
    if (url.startsWith('/wps/relay/MCS2_processDailySalContract')) {
      pending = [];
      return ok({ contract: { ...offer, state: 'active', activatedAt: offer.offeredAt } });
    }
    return undefined;
  });
});
afterEach(() => {
  act(() => closeModal());
  cleanup();
  vi.unstubAllGlobals();
});

describe('the contract popup (§6)', () => {
  it('shows a pending offer with its terms, and accepts it after a confirmation', async () => {
    session.current = { token: 't', info: undefined, role: 'agent', loading: false };
    renderOffers();
    expect(await screen.findByRole('dialog', { name: 'Contract offer' })).toBeTruthy();
    expect(screen.getByText('agent01 offers you a Daily salary contract.')).toBeTruthy();
    expect(screen.getByText('0.50%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByText('Accept this contract?')).toBeTruthy();
    expect(calls.some((u) => u.startsWith('/wps/relay/'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((u) => u.startsWith('/wps/relay/MCS2_processDailySalContract'))).toContain('action=accept');
  });

  it('goes back without deciding, and "Later" hides it for the session', async () => {
    session.current = { token: 't', info: undefined, role: 'member', loading: false };
    renderOffers();
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((u) => u.startsWith('/wps/relay/'))).toBe(false);
    cleanup();
    renderOffers();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each(['trial', 'visitor'] as const)('does not ask for offers as a %s', async (role) => {
    session.current = { token: role === 'visitor' ? null : 't', info: undefined, role, loading: false };
    renderOffers();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
