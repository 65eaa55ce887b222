// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MissionSummary } from '@khela/contracts';
import { changeLanguage, initI18n } from '../../../lib/i18n.ts';
import { MissionCard, type ClaimState } from './mission-card.tsx';
import MissionPage from './mission-page.tsx';
import { percentOf } from './values.ts';

function mission(overrides: Partial<MissionSummary> = {}): MissionSummary {
  return {
    missionId: 7,
    title: 'Weekly slots ladder',
    description: 'Bet on slots this week.',
    startTime: '2026-11-23T18:00:00.000Z',
    endTime: '2026-11-30T18:00:00.000Z',
    status: 'O',
    goalType: 'validBet',
    productTypes: ['RNG', 'INHOUSE'],
    gameId: null,
    gameName: null,
    reachedValue: '750.00',
    countedThrough: '2026-11-26T10:00:00.000Z',
    claimable: 1,
    milestones: [
      {
        milestoneId: 1,
        sequence: 1,
        target: '500.00',
        rewardAmount: '10.00',
        turnoverMultiple: 1,
        state: 'claimed',
        reachedAt: '2026-11-24T10:00:00.000Z',
        claimedAt: '2026-11-24T11:00:00.000Z',
      },
      {
        milestoneId: 2,
        sequence: 2,
        target: '700.00',
        rewardAmount: '40.00',
        turnoverMultiple: 3,
        state: 'reached',
        reachedAt: '2026-11-26T09:00:00.000Z',
        claimedAt: null,
      },
      {
        milestoneId: 3,
        sequence: 3,
        target: '5000.00',
        rewardAmount: '150.00',
        turnoverMultiple: 0,
        state: 'open',
        reachedAt: null,
        claimedAt: null,
      },
    ],
    ...overrides,
  };
}

const idle: ClaimState = { pending: null, done: null, error: null };
function reply(json: unknown, status = 200) {
  return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
}
const wrap = (node: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {node}
  </QueryClientProvider>
);

let board: unknown;
let summary: { status: number; json: unknown };
beforeAll(async () => {
  await initI18n('en');
  await import('../messages.ts');
});
beforeEach(() => {
  board = {
    missionId: 7,
    goalType: 'validBet',
    list: [{ rank: 1, customerName: 'pl****22', reachedValue: '900.00', reachedAt: '2026-11-26T09:00:00.000Z' }],
    footer: { rank: 4, customerName: 'me****01', reachedValue: '750.00' },
  };
  summary = { status: 200, json: { success: true, value: { list: [mission()], total: 1, page: 1, size: 20 } } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/wps/relay/MCSFE_getMissionLeaderboard')) return reply({ success: true, value: board });
      if (url.startsWith('/wps/relay/MCSFE_getMissionSummaryDetails')) return reply(summary.json, summary.status);
      return reply({ success: false, code: 'request.not_found', message: 'Not found', value: null }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('MissionCard', () => {
  it('shows each milestone’s state with a progress bar and a claim button only where reached', () => {
    render(wrap(<MissionCard mission={mission()} claim={idle} onClaim={() => undefined} />));
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['100', '100', '15']);
    expect(within(screen.getByTestId('milestone-1')).getByText('Claimed')).toBeTruthy();
    expect(within(screen.getByTestId('milestone-1')).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('milestone-3')).getByText('In progress')).toBeTruthy();
    expect(within(screen.getByTestId('milestone-3')).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('milestone-2')).getByRole('button', { name: 'Claim' })).toBeTruthy();
    expect(screen.getByText(/Valid bets on Slots, Originals/)).toBeTruthy();
  });

  it('claims only after a confirmation that names the amount and turnover', () => {
    const onClaim = vi.fn();
    render(wrap(<MissionCard mission={mission()} claim={idle} onClaim={onClaim} />));
    const step = screen.getByTestId('milestone-2');
    fireEvent.click(within(step).getByRole('button', { name: 'Claim' }));
    expect(within(step).getByRole('alertdialog').textContent).toContain('wagered 3 times');
    fireEvent.click(within(step).getByRole('button', { name: 'Cancel' }));
    expect(onClaim).not.toHaveBeenCalled();
    fireEvent.click(within(step).getByRole('button', { name: 'Claim' }));
    fireEvent.click(within(step).getByRole('button', { name: 'Yes, claim' }));
    expect(onClaim).toHaveBeenCalledWith({ missionId: 7, milestoneId: 2 });
  });

  it('shows a sending state, the paid amount and a refusal', () => {
    const { rerender } = render(
      wrap(
        <MissionCard
          mission={mission()}
          claim={{ ...idle, pending: { missionId: 7, milestoneId: 2 } }}
          onClaim={() => undefined}
        />,
      ),
    );
    expect((within(screen.getByTestId('milestone-2')).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    rerender(
      wrap(
        <MissionCard
          mission={mission()}
          claim={{ ...idle, error: { milestoneId: 2, message: 'This reward has already been claimed.' } }}
          onClaim={() => undefined}
        />,
      ),
    );
    expect(screen.getByRole('alert').textContent).toBe('This reward has already been claimed.');
    rerender(
      wrap(
        <MissionCard
          mission={mission()}
          claim={{ ...idle, done: { milestoneId: 2, amount: '40.00' } }}
          onClaim={() => undefined}
        />,
      ),
    );
    expect(screen.getByRole('status').textContent).toContain('40.00');
  });

  it('shows rounds as counts and opens the leaderboard with the caller’s row pinned', async () => {
    board = {
      ...(board as object),
      goalType: 'rounds',
      list: [],
      footer: { rank: null, customerName: 'me****01', reachedValue: '0' },
    };
    render(
      wrap(
        <MissionCard
          mission={mission({
            goalType: 'rounds',
            productTypes: null,
            gameId: 3,
            gameName: 'Dice',
            reachedValue: '2',
            milestones: [],
          })}
          claim={idle}
          onClaim={() => undefined}
        />,
      ),
    );
    expect(screen.getByText(/Rounds of Dice/)).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Show leaderboard' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('Nobody has made progress yet. Be the first!')).toBeTruthy();
    expect(screen.getByTestId('mission-board-mine').textContent).toContain('Not ranked yet');
  });

  it('computes progress shares safely', () => {
    expect(percentOf('750.00', '5000.00')).toBe(15);
    expect(percentOf('9', '3')).toBe(100);
    expect(percentOf('x', '3')).toBe(0);
    expect(percentOf('1', '0')).toBe(0);
  });
});

describe('MissionPage', () => {
  it('lists the open missions and pins the caller on the board', async () => {
    render(wrap(<MissionPage />));
    expect(await screen.findByRole('heading', { name: 'Weekly slots ladder' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show leaderboard' }));
    expect(await screen.findByText('pl****22')).toBeTruthy();
    expect(screen.getByTestId('mission-board-mine').textContent).toContain('4');
  });

  it('has an empty state and an error state, in Bengali too', async () => {
    summary = { status: 200, json: { success: true, value: { list: [], total: 0, page: 1, size: 20 } } };
    render(wrap(<MissionPage />));
    expect(await screen.findByText('No missions right now')).toBeTruthy();
    cleanup();
    await changeLanguage('bn');
    summary = { status: 500, json: { success: false, code: 'system.error', message: 'ত্রুটি', value: null } };
    render(wrap(<MissionPage />));
    expect(await screen.findByRole('button', { name: /আবার|চেষ্টা/ })).toBeTruthy();
  });
});
