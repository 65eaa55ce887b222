// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n.ts';
import PromotionsPage from './promotions-page.tsx';

const promotion = (over: Record<string, unknown>) => ({
  id: 1,
  category: 'deposit',
  title: 'First deposit',
  body: '<p>Terms</p><img src=x onerror="alert(1)">',
  imageUrl: null,
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  trigger: 'deposit',
  rewardKind: 'percent',
  rewardAmount: null,
  rewardRate: '100.00',
  rewardCap: '5000.00',
  minBasis: '200.00',
  turnoverMultiple: 5,
  requiresApproval: false,
  period: 'once',
  status: 'join',
  amount: null,
  rewardUnits: null,
  rewardRaffleId: null,
  units: null,
  ...over,
});
let list: unknown[];
let posted: { url: string; body: unknown }[];
function reply(json: unknown, status = 200) {
  return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  await initI18n('en');
  await import('../messages.ts');
});
beforeEach(() => {
  posted = [];
  list = [
    promotion({}),
    promotion({
      id: 2,
      category: 'others',
      title: 'Check-in',
      trigger: 'check_in',
      rewardKind: 'fixed',
      rewardAmount: '10.00',
      rewardRate: null,
      rewardCap: null,
      period: 'daily',
    }),
    promotion({
      id: 3,
      category: 'newbie',
      title: 'Welcome',
      trigger: 'sign_up',
      rewardKind: 'fixed',
      rewardAmount: '100.00',
      rewardRate: null,
      rewardCap: null,
      status: 'claim',
    }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/wps/relay/PROMOFE_getPromotionAnnouncementCategory'))
        return reply({
          success: true,
          value: {
            list: [
              { code: 'all', count: 3 },
              { code: 'deposit', count: 1 },
              { code: 'others', count: 1 },
              { code: 'newbie', count: 1 },
            ],
          },
        });
      if (url.startsWith('/wps/relay/MCSFE_getAvailablePromotions'))
        return reply({
          success: true,
          value: {
            availablePromo: true,
            availablePromoCount: 2,
            REFERRAL: { enabled: false },
            MISSION: { enabled: false, count: 0 },
            list,
          },
        });
      if (url.startsWith('/wps/relay/MCSFE_getMerchantAvailablePromotions'))
        return reply({ success: true, value: { list: [] } });
      if (url.startsWith('/wps/relay/MCS2_claimPromotion') || url.startsWith('/wps/relay/MCSFE_joinPromotion')) {
        posted.push({ url, body: JSON.parse(String(init?.body)) });
        return reply({ success: true, value: { promotionId: 3, status: 'claimed', amount: '100.00', units: null } });
      }
      return reply({ success: false, code: 'request.not_found', message: 'Not found', value: null }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const renderPage = (token: string | null) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PromotionsPage token={token} fallback={<p>notice promotions</p>} />
    </QueryClientProvider>,
  );

describe('PromotionsPage', () => {
  it('shows category tabs, the status and the right button; a claim is confirmed before it is sent', async () => {
    renderPage('token');
    expect(await screen.findByRole('tab', { name: 'All' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Join' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Newbie' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(posted).toEqual([]);
    expect(screen.getByText('Claim 100.00 now? It goes to your main wallet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Claimed: the bonus is in your wallet.')).toBeTruthy();
    expect(posted).toEqual([{ url: '/wps/relay/MCS2_claimPromotion', body: { promotionId: 3 } }]);
  });

  it('sanitises the details when they are opened', async () => {
    renderPage('token');
    await screen.findByRole('tab', { name: 'All' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Show details' })[0]!);
    const details = await screen.findByText('Terms');
    expect(details.parentElement!.innerHTML).not.toContain('onerror');
  });

  it('falls back to the notice promotions while none are defined', async () => {
    renderPage(null);
    expect(await screen.findByText('notice promotions')).toBeTruthy();
  });
});
