// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import RecordsPage, { type RecordsKind } from './records-page.tsx';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });
const figures = { betAmount: '50.00', winAmount: '100.00', profit: '50.00' };
const paged = (list: unknown[]) => ({ list, total: list.length, pageNo: 1, pageSize: 20 });

function renderPage(kind: RecordsKind) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/wps/member/records/bets'))
        return ok(
          paged([
            {
              roundId: 'r1',
              vendor: 'SANDBOX',
              vendorName: 'Meghna Live',
              gameType: 'LIVE',
              ...figures,
              time: '2026-11-27T12:11:00.000Z',
            },
            {
              roundId: 'r2',
              vendor: 'X',
              vendorName: 'X Games',
              gameType: 'SOMETHING_NEW',
              ...figures,
              time: '2026-11-27T12:10:00.000Z',
            },
          ]),
        );
      if (url.startsWith('/wps/member/records/profit'))
        return ok({ ...paged([{ date: '2026-11-27', gameType: 'ELOTT', ...figures }]), summary: figures });
      return new Response('{}', { status: 404 });
    }),
  );
  sessionStore.setToken('t'.repeat(64));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RecordsPage kind={kind} />
    </QueryClientProvider>,
  );
}

describe('records name the game type as the site names its categories', () => {
  it('in the betting record (an unknown type is shown as sent)', async () => {
    renderPage('personalHistoryCopy');
    const table = await screen.findByRole('table');
    const types = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    expect(types).toEqual(['Live casino', 'SOMETHING_NEW']);
  });

  it('names the provider as the lobby does, not by its integration code', async () => {
    renderPage('personalHistoryCopy');
    const table = await screen.findByRole('table');
    const providers = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(providers).toEqual(['Meghna Live', 'X Games']);
  });

  it('in profit and loss', async () => {
    renderPage('personalProfit');
    const row = await screen.findByRole('row', { name: /2026-11-27/ });
    expect(within(row).getAllByRole('cell')[1]?.textContent).toBe('E-lottery');
  });
});
