// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n.ts';
import VipPage from './vip-page.tsx';

const RANKS = [
  { level: 1, name: 'Bronze', monthlyTurnover: '1000.00', promotionBonus: '10.00', monthlyBonus: '0.00' },
  { level: 2, name: 'Silver', monthlyTurnover: '10000.00', promotionBonus: '100.00', monthlyBonus: '50.00' },
];
let progress: Record<string, unknown>;
function reply(json: unknown, status = 200) {
  return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  await initI18n('en');
  await import('../messages.ts');
});
beforeEach(() => {
  progress = {
    hasVip: true,
    vipRankLevel: 1,
    playerRankName: 'Bronze',
    vipLabelName: 'Bronze',
    month: '2026-11',
    monthlyTurnover: { actual: '2500.00', expected: '10000.00' },
    totalTurnover: '4000.00',
    nextRank: RANKS[1],
    ranks: RANKS,
    bonusesPaid: '10.00',
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith('/wps/relay/MCSFE_getPlayerRankProgress')
        ? reply({ success: true, value: progress })
        : reply({ success: false, code: 'request.not_found', message: 'Not found', value: null }, 404),
    ),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <VipPage />
    </QueryClientProvider>,
  );

describe('VipPage', () => {
  it('shows the rank, the month’s progress towards the next rank and the ladder', async () => {
    renderPage();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('Bronze', { selector: '.vip-card__rank' })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('value')).toBe('25');
    expect(screen.getByText(/2,500\.00 of 10,000\.00/)).toBeTruthy();
    expect(screen.getByText('7,500.00 more to reach Silver')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getAllByRole('row')[1]!.getAttribute('aria-current')).toBe('true');
  });

  it('says when the site has no ranks', async () => {
    progress = {
      ...progress,
      hasVip: false,
      vipRankLevel: 0,
      playerRankName: null,
      ranks: [],
      nextRank: null,
      monthlyTurnover: { actual: '0.00', expected: null },
    };
    renderPage();
    expect(await screen.findByText('No VIP ranks yet')).toBeTruthy();
  });

  it('speaks Bengali', async () => {
    await changeLanguage('bn');
    renderPage();
    expect(await screen.findByText(/ভিআইপি বোনাস আপনার মূল ওয়ালেটে যায়/)).toBeTruthy();
  });
});
