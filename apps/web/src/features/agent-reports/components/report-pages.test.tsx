// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadMessages } from '../../../lib/i18n.ts';
import { ok, stubServer } from '../../auth/components/test-server.ts';

vi.mock('../../../lib/use-session-token.ts', () => ({ useSessionToken: () => 't' }));

const { DownlineTransactionsPage, RevenueReportPage } = await import('./report-pages.tsx');

const account = (timeZone: string) => ({
  id: 9,
  username: 'agent01',
  nickname: null,
  type: 1,
  affiliateCode: 'AGENT01',
  uplineUsername: null,
  balance: '10.00',
  currency: 'BDT',
  directCount: 1,
  teamSize: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
  timeZone,
  promotionDomains: ['localhost'],
});
const transactions = {
  list: [
    {
      id: '1',
      // 23:43 on 20 November in Dhaka (GMT+6), 12:43 in New York (GMT-5).
      time: '2026-11-20T17:43:00.000Z',
      username: 'player21',
      type: 'deposit',
      kind: 'deposit',
      amount: '100.00',
      balanceAfter: '100.00',
    },
  ],
  total: 1,
  pageNo: 1,
  pageSize: 20,
};

beforeAll(async () => {
  await initI18n('en');
  await Promise.all([loadMessages('agent'), loadMessages('money')]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWithZone(timeZone: string) {
  stubServer((url) => {
    if (url.startsWith('/wps/agent/account')) return ok(account(timeZone));
    if (url.startsWith('/wps/agent/reports/downline-transactions')) return ok(transactions);
    return undefined;
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DownlineTransactionsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("report times are shown in the merchant's time zone", () => {
  it.each([
    ['Asia/Dhaka', /20 November 2026.* 23:43 GMT\+6$/],
    ['America/New_York', /20 November 2026.* 12:43 GMT-5$/],
  ])(
    '%s',
    async (timeZone, shown) => {
      renderWithZone(timeZone);
      const row = await screen.findByRole('row', { name: /player21/ });
      await vi.waitFor(() => expect(within(row).getAllByRole('cell')[0]!.textContent).toMatch(shown));
    },
    15_000,
  );
});

describe('the CSV export', () => {
  it('exports every page of the filtered list, not only the page shown', async () => {
    const asked: string[] = [];
    const row = transactions.list[0]!;
    stubServer((url) => {
      if (url.startsWith('/wps/agent/account')) return ok(account('Asia/Dhaka'));
      if (!url.startsWith('/wps/agent/reports/downline-transactions')) return undefined;
      asked.push(url);
      const query = new URL(url, 'http://x').searchParams;
      const size = Number(query.get('pageSize'));
      const page = Number(query.get('pageNo'));
      const count = Math.max(0, Math.min(size, 150 - (page - 1) * size));
      return ok({
        list: Array.from({ length: count }, (_, i) => ({ ...row, id: `${page}-${i}` })),
        total: 150,
        pageNo: page,
        pageSize: size,
      });
    });
    const download = vi.fn((_blob: Blob) => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: download, revokeObjectURL: () => undefined }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <DownlineTransactionsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('Page 1 of 8');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const exported = asked.filter((u) => u.includes('pageSize=100'));
    expect(exported.map((u) => new URL(u, 'http://x').searchParams.get('pageNo'))).toEqual(['1', '2']);
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(download.mock.calls[0]![0]);
    });
    // A header line and the 150 rows.
    expect(csv.trim().split('\r\n')).toHaveLength(151);
  });
});

describe('the revenue report', () => {
  it('names each product type as the site names its categories, with the total last', async () => {
    const figures = {
      activeMembers: 2,
      betCount: 3,
      validBet: '1200.00',
      payout: '600.00',
      profitLoss: '-600.00',
      revenue: '600.00',
    };
    stubServer((url) => {
      if (url.startsWith('/wps/agent/account')) return ok(account('Asia/Dhaka'));
      if (url.startsWith('/wps/agent/reports/revenue'))
        return ok({
          list: [
            { productType: 'INHOUSE', ...figures },
            { productType: 'RNG', ...figures },
          ],
          total: figures,
        });
      return undefined;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <RevenueReportPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('row', { name: /In-house/ });
    const firstCells = screen.getAllByRole('row').map((row) => within(row).queryAllByRole('cell')[0]?.textContent);
    expect(firstCells.filter(Boolean)).toEqual(['In-house', 'Slots', 'Total']);
    expect(screen.getAllByRole('row', { name: /1,200\.00/ })).toHaveLength(3);
  });
});
