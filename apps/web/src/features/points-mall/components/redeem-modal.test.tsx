// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PointGoods } from '@khela/contracts';
import type * as ApiClient from '../../../lib/api-client.ts';
import { changeLanguage, initI18n } from '../../../lib/i18n.ts';

const sent: { name: string; body: unknown }[] = [];
let answer: () => Promise<unknown>;
vi.mock('../../../lib/api-client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClient>();
  return {
    ...actual,
    call: vi.fn((def: { name: string }, options: { body?: unknown } = {}) => {
      sent.push({ name: def.name, body: options.body });
      return answer();
    }),
  };
});
const { ApiError } = await import('../../../lib/api-client.ts');
const { RedeemModal } = await import('./redeem-modal.tsx');

const GOODS: PointGoods = {
  id: 7,
  name: 'Cricket team jersey',
  imageUrl: '/demo/points/jersey.svg',
  quantity: 25,
  pointsRequired: 300,
  amountRequired: '0.00',
  availableQuantity: 4,
};

beforeAll(async () => {
  await initI18n('en');
  await import('../messages.ts');
});
beforeEach(() => {
  sent.length = 0;
  answer = async () => ({
    referenceNumber: 'PM20261126ABCDEF',
    status: 'IN_PROCESS',
    pointsSpent: 600,
    points: 400,
    replayed: false,
  });
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

const onClose = vi.fn();
const renderModal = (balance = 1_000) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RedeemModal goods={GOODS} balance={balance} onClose={onClose} />
    </QueryClientProvider>,
  );
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const fill = () => {
  type('Redeem quantity', '2');
  type('Receiving address', 'House 12, Road 5, Dhaka');
  type('Mobile number', '01712345678');
  type('Payment password', '135790');
};

describe('RedeemModal', () => {
  it('checks every field before anything is sent', async () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Redeem Cricket team jersey' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText(/Give the address/)).toBeTruthy();
    expect(screen.getByText(/Give a mobile number/)).toBeTruthy();
    expect(screen.getByText('Enter your payment password.')).toBeTruthy();
    type('Redeem quantity', '9');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText('Choose a quantity from 1 to 4.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('never asks for more points than the balance', () => {
    renderModal(500);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText('You need 600 points; you have 500.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('confirms, sends once with a requestId, then shows the reference number', async () => {
    renderModal();
    fill();
    expect(screen.getByText('600 points')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText(/Redeem 2 × Cricket team jersey for 600 points/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByText(/PM20261126ABCDEF/)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      name: 'MCS2_redeemPointReward',
      body: {
        goodsId: 7,
        quantity: 2,
        address: 'House 12, Road 5, Dhaka',
        mobile: '01712345678',
        paymentPassword: '135790',
      },
    });
    expect((sent[0]!.body as { requestId: string }).requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });

  it('goes back to the password field when the payment password is wrong', async () => {
    answer = () =>
      Promise.reject(new ApiError('cashier.payment_password_wrong', 'The payment password is wrong.', 400));
    renderModal();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The payment password is wrong.')).toBeTruthy();
    expect(screen.getByLabelText('Payment password', { exact: false }).getAttribute('aria-invalid')).toBe('true');
  });

  it('stays on the confirmation with the message when the server refuses otherwise', async () => {
    answer = () =>
      Promise.reject(new ApiError('points.goods_not_found', 'These goods are not in the points mall.', 404));
    renderModal();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('These goods are not in the points mall.');
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('speaks Bengali', async () => {
    await changeLanguage('bn');
    renderModal();
    expect(screen.getByRole('button', { name: 'পর্যালোচনা' })).toBeTruthy();
  });
});
