// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { openModal } from '../../../stores/modals.ts';
import type { SlipLeg } from '../utils/slip.ts';
import { slipStore } from '../utils/slip-store.ts';
import { BetSlip } from './bet-slip.tsx';

const leg = (selectionId: number, eventId: number, pick: string): SlipLeg => ({
  selectionId,
  eventId,
  marketId: eventId,
  eventName: `Event ${eventId}`,
  pick,
  odds: '2.00',
  minStake: '10.00',
  maxStake: '500.00',
});
vi.mock('../../../stores/modals.ts', () => ({ openModal: vi.fn() }));

const sent: Record<string, unknown>[] = [];
let answer: () => Response;
const reply = (json: unknown, status = 200) =>
  new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await initI18n('en');
  await import('../messages.ts');
});
beforeEach(() => {
  sent.length = 0;
  slipStore.clear();
  slipStore.toggle(leg(1, 1, 'Lions'));
  slipStore.toggle(leg(2, 2, 'Hawks'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);
      return answer();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Slip({ role }: { role: 'member' | 'visitor' }) {
  const legs = useSyncExternalStore(slipStore.subscribe, slipStore.legs);
  return <BetSlip legs={legs} role={role} currency="BDT" onPlaced={() => undefined} />;
}

function reviewMultiple(stake: string) {
  fireEvent.click(screen.getByRole('radio', { name: 'Multiple' }));
  fireEvent.change(screen.getByLabelText(/^Stake/), { target: { value: stake } });
  fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
}

describe('sports BetSlip', () => {
  it('shows changed odds from the server and places again at the accepted ones', async () => {
    answer = () =>
      reply(
        {
          success: false,
          code: 'sports.odds_changed',
          message: 'The odds changed.',
          value: {
            legs: [
              { selectionId: 1, odds: '1.80' },
              { selectionId: 2, odds: '2.00' },
            ],
          },
        },
        409,
      );
    render(<Slip role="member" />);
    reviewMultiple('50');
    expect(screen.getByText('4.00', { exact: false })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Place now' }));
    await screen.findByText('The odds changed. Check the new odds and accept them to continue.');
    expect(sent[0]).toMatchObject({
      stake: '50.00',
      oddsPolicy: 'ask',
      legs: [
        { selectionId: 1, odds: '2.00' },
        { selectionId: 2, odds: '2.00' },
      ],
    });
    expect(screen.getByText('was 2.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Accept the new odds' }));
    expect(slipStore.legs().find((l) => l.selectionId === 1)?.odds).toBe('1.80');
    expect(screen.getByTestId('sb-potential').textContent).toContain('180.00');
    answer = () =>
      reply({
        success: true,
        value: {
          id: 9,
          kind: 'multiple',
          stake: '50.00',
          odds: '3.60',
          potentialReturn: '180.00',
          status: 'open',
          payout: null,
          createdAt: '2026-11-27T00:00:00.000Z',
          settledAt: null,
          legs: [],
          balance: '950.00',
        },
      });
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Place now' }));
    await screen.findByText('Bet placed (slip #9).');
    expect(sent[1]).toMatchObject({
      legs: [
        { selectionId: 1, odds: '1.80' },
        { selectionId: 2, odds: '2.00' },
      ],
    });
    expect(slipStore.legs()).toEqual([]);
  });

  it('asks a visitor to log in and sends nothing', () => {
    render(<Slip role="visitor" />);
    fireEvent.change(screen.getByLabelText(/^Stake on Lions/), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in to bet' }));
    expect(openModal).toHaveBeenCalledWith('login');
    expect(sent).toEqual([]);
  });
});
