// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import TransferFundPage from './transfer-fund-page.tsx';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });
const balance = {
  sumBalance: '150.00',
  currency: 'BDT',
  currencySymbol: '৳',
  balance: [
    { accountTypeId: 0, availBalance: '100.00' },
    { accountTypeId: 2, availBalance: '50.00', vendorCode: 'SBX', vendorName: 'Meghna Live' },
  ],
};

/** The transfer call fails with a network error `failures` times, then succeeds. */
function stub(failures: number) {
  const transfers: { requestId: string; amount: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/wps/relay/GCS_merchantWallet')) return ok({ isSingle: 0 });
      if (url.startsWith('/wps/v2/wallets/balance')) return ok(balance);
      if (url === '/wps/relay/GCS_walletTransfer') {
        transfers.push(JSON.parse(String(init?.body)));
        if (transfers.length <= failures) throw new TypeError('Failed to fetch');
        return ok({ transactionId: '1', replayed: false, amount: '10.50', balance: '89.50', gameBalance: '60.50' });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return transfers;
}

function renderPage() {
  sessionStore.setToken('t'.repeat(64));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TransferFundPage />
    </QueryClientProvider>,
  );
}

describe('TransferFundPage', () => {
  it('refuses a bad amount in the browser and sends nothing before the confirmation', async () => {
    const transfers = stub(0);
    renderPage();
    const amount = await screen.findByLabelText(/^Amount/);
    // A game wallet is named as the lobby names its vendor, not by its code.
    expect(screen.getAllByText('Meghna Live').length).toBeGreaterThan(0);
    expect(screen.queryByText('SBX')).toBeNull();
    fireEvent.change(amount, { target: { value: '10.555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Use at most 2 digits after the decimal point.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '100.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/more than your available balance/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '10.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Confirm the transfer' });
    // The confirmation names the game wallet as the balances do.
    expect(screen.getByText('To', { selector: 'dt' }).nextElementSibling!.textContent).toBe('Meghna Live');
    expect(screen.queryByText('SBX')).toBeNull();
    expect(transfers).toHaveLength(0);
  });

  it('reuses the requestId when the member retries after a network failure, once', async () => {
    const transfers = stub(1);
    renderPage();
    fireEvent.change(await screen.findByLabelText(/^Amount/), { target: { value: '10.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    fireEvent.click(confirm); // a double click sends once
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('The transfer is done.');
    expect(transfers).toHaveLength(2);
    expect(transfers[0]).toMatchObject({ amount: '10.50', vendorCode: 'SBX', direction: 'toGame' });
    expect(transfers[1]!.requestId).toBe(transfers[0]!.requestId);
    await waitFor(() => expect(screen.getByLabelText(/^Amount/)).toBeTruthy());
  });
});
