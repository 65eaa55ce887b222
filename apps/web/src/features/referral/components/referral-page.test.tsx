// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadMessages } from '../../../lib/i18n.ts';
import ReferralPage from './referral-page.tsx';

let invitations: unknown;
let details: { totalEarned: string; rewards: Record<string, unknown> };
const asked: string[] = [];
function reply(json: unknown, status = 200) {
  return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  await initI18n('en');
  await Promise.all([loadMessages('agent'), loadMessages('money')]);
});
beforeEach(() => {
  asked.length = 0;
  invitations = { list: [], total: 0, pageNo: 1, pageSize: 20, totalEarned: '0.00' };
  details = {
    totalEarned: '0.00',
    rewards: {
      enabled: false,
      commissionRate: '0.00',
      dailyCap: null,
      firstDepositBonus: '0.00',
      firstDepositMinimum: '0.00',
    },
  };
  vi.stubGlobal('IntersectionObserver', undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url.startsWith('/wps/relay/MCSFE_getReferralDetails')) {
        return reply({
          success: true,
          value: {
            referralCode: 'AB23CD45',
            affiliateCode: null,
            totalInvitations: 2,
            promotionDomains: ['khela.example'],
            totalEarned: details.totalEarned,
            rewards: details.rewards,
          },
        });
      }
      if (url.startsWith('/wps/member/referral/invitations')) return reply({ success: true, value: invitations });
      return reply({ success: false, code: 'request.not_found', message: 'Not found', value: null }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReferralPage />
    </QueryClientProvider>,
  );
}

describe('Refer and earn (member centre referral)', () => {
  it('asks for the code with autoGenerate=true and shows the invitation link with ?referralCode=', async () => {
    renderPage();
    expect(await screen.findByText('AB23CD45')).toBeTruthy();
    expect(asked.some((url) => url.includes('autoGenerate=true'))).toBe(true);
    // jsdom's page is http://localhost: the link takes that scheme.
    expect(screen.getByText('http://khela.example/?referralCode=AB23CD45')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'QR code of the invitation link' })).toBeTruthy();
    expect(await screen.findByText('No one has registered with your code yet.')).toBeTruthy();
  });

  it('lists the invited members with what each earned', async () => {
    invitations = {
      list: [{ username: 'pl***11', registeredAt: '2026-11-20T10:00:00.000Z', earned: '50.00' }],
      total: 1,
      pageNo: 1,
      pageSize: 20,
      totalEarned: '50.00',
    };
    details.totalEarned = '50.00';
    renderPage();
    await waitFor(() => expect(screen.getByText('pl***11')).toBeTruthy());
    expect(screen.getAllByText('50.00').length).toBeGreaterThanOrEqual(2);
  });

  it('says what inviting earns: commission, daily cap and first-deposit bonus, or that it is off', async () => {
    renderPage();
    expect(await screen.findByText('Invitations earn no rewards at the moment.')).toBeTruthy();
    cleanup();
    details.rewards = {
      enabled: true,
      commissionRate: '1.50',
      dailyCap: '20.00',
      firstDepositBonus: '5.00',
      firstDepositMinimum: '100.00',
    };
    renderPage();
    expect(
      await screen.findByText(
        'You earn 1.50% of the valid bets of each member you invited, paid for each day the next day. At most 20.00 per invited member a day.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('5.00 once, when a member you invited makes a first deposit of 100.00 or more.'),
    ).toBeTruthy();
  });
});
