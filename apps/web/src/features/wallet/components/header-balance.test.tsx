// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import HeaderBalance from './header-balance.tsx';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  sessionStore.setToken('t'.repeat(64));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });

function stub(amounts: string[], availablePromoCount = 0) {
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/wps/v2/wallets/balance')) {
        const sum = amounts[Math.min(calls++, amounts.length - 1)]!;
        return ok({
          sumBalance: sum,
          currency: 'BDT',
          currencySymbol: '৳',
          balance: [{ accountTypeId: 0, availBalance: sum }],
        });
      }
      if (url.startsWith('/wps/member/inbox/unread')) return ok({ unread: 4, value: 4, availablePromoCount });
      if (url.startsWith('/wps/member/inbox')) return ok({ list: [], total: 4, pageNo: 1, pageSize: 1, unread: 4 });
      return new Response('{}', { status: 404 });
    }),
  );
  return () => calls;
}

function renderBalance() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <HeaderBalance />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('HeaderBalance', () => {
  it('shows the sum with separators, and the unread count on the inbox', async () => {
    stub(['12345.60']);
    renderBalance();
    expect(await screen.findByText('৳ 12,345.60')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Messages, 4 unread' })).toBeTruthy();
  });

  it('adds the rewards to claim to the badge and says so in its name (§2)', async () => {
    stub(['1.00'], 2);
    renderBalance();
    const bell = await screen.findByRole('link', { name: 'Messages 6: 4 unread, 2 rewards to claim' });
    expect(bell.textContent).toBe('6');
  });

  it('masks the amount as *** and remembers the choice', async () => {
    stub(['10000.00']);
    const first = renderBalance();
    await screen.findByText('৳ 10,000.00');
    const hide = screen.getByRole('button', { name: 'Hide balance' });
    fireEvent.click(hide);
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('header-balance').textContent).toContain('***');
    expect(screen.queryByText('৳ 10,000.00')).toBeNull();
    first.unmount();
    renderBalance();
    await screen.findByText('***');
    expect(screen.queryByText(/10,000\.00/)).toBeNull();
  });

  it('asks the server again on refresh', async () => {
    const calls = stub(['10000.00', '10500.00']);
    renderBalance();
    await screen.findByText('৳ 10,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh balance' }));
    expect(await screen.findByText('৳ 10,500.00')).toBeTruthy();
    expect(calls()).toBe(2);
  });
});
