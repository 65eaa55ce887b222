// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n.ts';
import { setSiteTimeZone } from '../../../lib/site-time-zone.ts';
import CreditReportPage from './credit-report-page.tsx';
import { windowOf } from './period.ts';

const zero = { deposits: '0.00', withdrawals: '0.00', bonuses: '0.00', validBet: '0.00' };
const reply = (json: unknown, status = 200) =>
  new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
const asked: string[] = [];

beforeAll(async () => {
  await initI18n('en');
  await import('../messages.ts');
});
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const params = new URL(url, 'http://x').searchParams;
      const from = params.get('from')!;
      const to = params.get('to')!;
      const busy = from !== to;
      return reply({
        success: true,
        code: '0',
        message: '',
        value: {
          from,
          to,
          timeZone: 'Asia/Dhaka',
          totals: busy
            ? {
                deposits: '750.50',
                withdrawals: '200.00',
                bonuses: '112.34',
                validBet: '473.45',
                depositCount: 2,
                withdrawalCount: 1,
                betCount: 3,
              }
            : { ...zero, depositCount: 0, withdrawalCount: 0, betCount: 0 },
          bonusesByKind: busy ? [{ kind: 'rebate', amount: '12.34' }] : [],
          days: busy
            ? [{ day: to, deposits: '750.50', withdrawals: '200.00', bonuses: '112.34', validBet: '473.45' }]
            : [],
        },
      });
    }),
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
      <CreditReportPage />
    </QueryClientProvider>,
  );

describe('windowOf', () => {
  it('counts days in the merchant’s zone', () => {
    // 20:30 UTC on the 1st is already the 2nd in Dhaka (+06:00).
    const now = new Date('2026-03-01T20:30:00Z');
    expect(windowOf('today', 'Asia/Dhaka', now)).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    expect(windowOf('yesterday', 'Asia/Dhaka', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(windowOf('last7', 'Asia/Dhaka', now)).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(windowOf('last30', 'UTC', now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });
  it('counts in the site clock’s zone (the merchant’s) before the report says which', () => {
    setSiteTimeZone('Asia/Kolkata');
    try {
      // 18:29 UTC is 23:59 in Kolkata (+05:30), 18:30 already the next day.
      expect(windowOf('today', undefined, new Date('2026-03-01T18:29:00Z'))).toEqual({
        from: '2026-03-01',
        to: '2026-03-01',
      });
      expect(windowOf('today', undefined, new Date('2026-03-01T18:30:00Z'))).toEqual({
        from: '2026-03-02',
        to: '2026-03-02',
      });
    } finally {
      setSiteTimeZone('Asia/Dhaka');
    }
  });
});

describe('CreditReportPage', () => {
  it('shows the last 7 days’ totals, the bonuses by kind and the days', async () => {
    renderPage();
    expect(await screen.findByText('Bonuses by kind')).toBeTruthy();
    expect(screen.getByText('Rebate')).toBeTruthy();
    expect(screen.getByText('2 times')).toBeTruthy();
    expect(screen.getByRole('table')).toBeTruthy();
    expect(asked[0]).toContain('/wps/relay/MCSFE_getCreditReport?');
  });

  it('asks for today with the shortcut, and says when nothing happened', async () => {
    renderPage();
    await screen.findByText('Bonuses by kind');
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByText('No activity in this period')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
  });
});
