// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { HeaderAccount } from './header-account.tsx';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, value: null, code: 'request.not_found', message: 'Not found' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderCorner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    { path: '/', element: <HeaderAccount balance={<span data-testid="balance">balance</span>} /> },
  ]);
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('HeaderAccount (§2)', () => {
  it('gives a visitor log-in and sign-up at once, without the member corner', () => {
    renderCorner();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Deposit' })).toBeNull();
  });

  it("loads a member's corner (its own chunk) with the balance, deposit, withdraw and the account menu", async () => {
    sessionStorage.setItem('token', 'member-token');
    const { container } = renderCorner();
    const deposit = await screen.findByRole('link', { name: 'Deposit' }, { timeout: 10_000 });
    expect(deposit.getAttribute('href')).toBe('/member?page=depositv2');
    const corner = container.querySelector('.header-account') as HTMLElement;
    expect(within(corner).getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/member?page=withdraw');
    expect(within(corner).getByTestId('balance')).toBeTruthy();
    expect(within(corner).getByRole('button', { expanded: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
  }, 20_000);
});
