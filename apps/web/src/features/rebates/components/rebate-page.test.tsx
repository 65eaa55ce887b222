// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n.ts';
import RebatePage from './rebate-page.tsx';

let setting: Record<string, unknown>;
let summary: Record<string, unknown>;
let records: Record<string, unknown>;
let claims: number;
function reply(json: unknown, status = 200) {
  return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  await initI18n('en');
  await import('../messages.ts');
});
beforeEach(() => {
  claims = 0;
  setting = {
    hasRebate: true,
    manualRebate: true,
    vipLevel: 2,
    list: [
      { productType: 'RNG', rate: '0.80', dailyCap: '5.00', mode: 'auto' },
      { productType: 'SPORTS', rate: '1.00', dailyCap: null, mode: 'manual' },
    ],
  };
  summary = { claimable: '5.00', claimableByProduct: [{ productType: 'SPORTS', amount: '5.00' }], totalPaid: '1.66' };
  records = {
    list: [
      {
        id: '1',
        day: '2026-11-25',
        productType: 'LIVE',
        mode: 'auto',
        validBet: '333.33',
        rate: '0.50',
        amount: '1.66',
        paidAt: '2026-11-26T00:01:00.000Z',
      },
    ],
    total: 1,
    pageNo: 1,
    pageSize: 20,
    totalPaid: '1.66',
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/wps/relay/MCSFE_getCustomerRebateSettingByProductType'))
        return reply({ success: true, value: setting });
      if (url.startsWith('/wps/member/rebate/summary')) return reply({ success: true, value: summary });
      if (url.startsWith('/wps/member/rebate/records')) return reply({ success: true, value: records });
      if (url.startsWith('/wps/member/rebate/claim') && init?.method === 'POST') {
        claims += 1;
        summary = { ...summary, claimable: '0.00', claimableByProduct: [], totalPaid: '6.66' };
        return reply({ success: true, value: { amount: '5.00', records: 2 } });
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

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RebatePage />
    </QueryClientProvider>,
  );

describe('RebatePage', () => {
  it('shows the rates, what is ready to claim and the history, and claims after a confirmation', async () => {
    renderPage();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('Slots')).toBeTruthy();
    expect(screen.getByText('0.80%')).toBeTruthy();
    expect(await screen.findByText('Live casino')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Claim rebate' }));
    expect(claims).toBe(0);
    expect(screen.getByText(/Claim 5\.00 now\?/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, claim' }));
    expect(await screen.findByText('5.00 has been added to your main wallet.')).toBeTruthy();
    expect(claims).toBe(1);
  });

  it('says when the site has no rebates, and in Bengali', async () => {
    setting = { hasRebate: false, manualRebate: false, vipLevel: 0, list: [] };
    await changeLanguage('bn');
    renderPage();
    expect(await screen.findByText('এই সাইটে কোনো রিবেট নেই')).toBeTruthy();
  });

  it('shows no claim while manual rebates are off, and an empty history', async () => {
    setting = { ...setting, manualRebate: false };
    records = { ...records, list: [], total: 0 };
    renderPage();
    expect(await screen.findByText('Rebates are paid automatically on this site.')).toBeTruthy();
    expect(await screen.findByText('No rebates yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Claim rebate' })).toBeNull();
  });
});
