// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LotteryGame } from '@khela/contracts';
import { changeLanguage, initI18n } from '../../../lib/i18n.ts';
import { BetSlip } from './bet-slip.tsx';

const game: LotteryGame = {
  gameCode: 'bhagya-colour-draw-1-min',
  nodeId: 159,
  name: 'Colour Draw 1 min',
  iconUrl: null,
  vassalage: 'BHAGYA',
  gameGroupCode: 'ELOTT',
  prizeMode: 'ELOTT',
  format: 'digits5',
  schedule: { kind: 'interval', everySeconds: 60, at: null, timeZone: 'Asia/Dhaka', closeBeforeSeconds: 10 },
  betTypes: ['position', 'sum_big_small', 'box3'],
  odds: { position: '9.8', sum_big_small: '1.96', box3_6: '163', box3_3: '326' },
  minBet: '1.00',
  maxBet: '500.00',
  status: 'on',
  current: {
    issue: '20261126-0100',
    closesAt: '2026-11-26T12:00:50.000Z',
    drawAt: '2026-11-26T12:01:00.000Z',
    serverSeedHash: null,
  },
};
const ticket = {
  ticketId: '41',
  purchaseId: '7',
  gameCode: game.gameCode,
  gameName: game.name,
  issue: '20261126-0100',
  drawAt: '2026-11-26T12:01:00.000Z',
  betType: 'sum_big_small',
  selection: { pick: 'big' },
  stake: '12.50',
  odds: '1.96',
  potentialWin: '24.50',
  state: 'pending',
  payout: null,
  hits: [],
  createdAt: '2026-11-26T12:00:10.000Z',
  settledAt: null,
};
let answer: () => Response;
const sent: { url: string; body: Record<string, unknown> }[] = [];
const reply = (json: unknown, status = 200) =>
  new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await initI18n('en');
  await import('../messages.ts');
});
beforeEach(() => {
  sent.length = 0;
  answer = () =>
    reply({
      success: true,
      value: {
        purchaseId: '7',
        gameCode: game.gameCode,
        issue: '20261126-0100',
        totalStake: '12.50',
        balance: '87.50',
        tickets: [ticket],
      },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init?.body ?? '{}')) });
      return answer();
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function renderSlip(onSettled = vi.fn(), closed = false) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BetSlip
        game={game}
        issue="20261126-0100"
        closed={closed}
        currency="BDT"
        balance="100.00"
        onSettled={onSettled}
      />
    </QueryClientProvider>,
  );
  return onSettled;
}

function addSumBig(stake: string) {
  fireEvent.click(screen.getByRole('radio', { name: 'Sum big/small' }));
  fireEvent.click(screen.getByRole('radio', { name: 'Big' }));
  fireEvent.change(screen.getByLabelText(/^Stake \(BDT\)/), { target: { value: stake } });
  fireEvent.click(screen.getByRole('button', { name: 'Add to slip' }));
}

describe('BetSlip', () => {
  it('offers only the types the game lists and refuses junk before anything is sent', () => {
    renderSlip();
    expect(screen.getAllByRole('radio', { checked: false }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('radio', { name: 'Straight 3' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Box 3' }));
    fireEvent.change(screen.getByLabelText(/^Your number/), { target: { value: '777' } });
    fireEvent.change(screen.getByLabelText(/^Stake \(BDT\)/), { target: { value: '100.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to slip' }));
    expect(screen.getByText(/three equal digits are a straight bet/)).toBeTruthy();
    expect(screen.getByText('This is more than your available balance of 100.00.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'On the slip: 0 tickets' })).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('confirms before buying, sends the bets once with a requestId, and shows the ticket', async () => {
    const onSettled = renderSlip();
    addSumBig('12.5');
    expect(screen.getByText(/Most it can win: 24.50 BDT/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Review 1 ticket' }));
    expect(screen.getByRole('heading', { name: 'Confirm your ticket' })).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Place ticket' }));
    expect(await screen.findByText('Ticket #41 placed for draw 20261126-0100.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toMatch(/^\/lgw\/bets/);
    expect(sent[0]!.body).toMatchObject({
      gameCode: game.gameCode,
      issue: '20261126-0100',
      bets: [{ betType: 'sum_big_small', selection: { pick: 'big' }, stake: '12.50' }],
    });
    expect(String(sent[0]!.body.requestId)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'On the slip: 0 tickets' })).toBeTruthy();
  });

  it('shows the server refusal in the page language and keeps the slip', async () => {
    answer = () =>
      reply(
        { success: false, code: 'lottery.betting_closed', message: 'এই ড্রয়ের বাজি বন্ধ হয়ে গেছে।', value: null },
        409,
      );
    await changeLanguage('bn');
    renderSlip();
    fireEvent.click(screen.getByRole('radio', { name: 'যোগফল বড়/ছোট' }));
    fireEvent.click(screen.getByRole('radio', { name: 'বড়' }));
    fireEvent.change(screen.getByLabelText(/^বাজির পরিমাণ/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'স্লিপে যোগ করুন' }));
    fireEvent.click(screen.getByRole('button', { name: /টিকিট যাচাই করুন/ }));
    fireEvent.click(screen.getByRole('button', { name: 'টিকিট কিনুন' }));
    expect((await screen.findByRole('alert')).textContent).toBe('এই ড্রয়ের বাজি বন্ধ হয়ে গেছে।');
    fireEvent.click(screen.getByRole('button', { name: 'ফিরে যান' }));
    expect(screen.getByRole('heading', { name: 'স্লিপে: 1টি টিকিট' })).toBeTruthy();
  });

  it('cannot be sent while betting is closed', () => {
    renderSlip(vi.fn(), true);
    addSumBig('5');
    expect((screen.getByRole('button', { name: 'Review 1 ticket' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
