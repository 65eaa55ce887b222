import {
  andarBaharPayout,
  canCashOut,
  dealAndarBahar,
  minePositions,
  minesPayout,
  playDice,
  playSlot,
  safeCells,
  slotStake,
  type AndarBaharSide,
  type DiceDirection,
} from '@khela/games';
import { parseMinor } from '@khela/money';
import type { MemberContext, MerchantContext } from '../../../http/context.ts';
import { AppError } from '../../../http/app-error.ts';
import type { InhouseRounds, RoundRow } from './rounds.ts';

type MinesProgress = {
  revealed: number[];
  /** The mine that ended the round, if one did. */
  hit?: number;
};

const progressOf = (row: RoundRow): MinesProgress => (row.progress as MinesProgress | null) ?? { revealed: [] };
const minesOf = (row: RoundRow): number[] => (row.outcome as { mines: number[] }).mines;
const mineCountOf = (row: RoundRow): number => (row.bet as { mines: number }).mines;

/**
 * The plays of our games (issue 12 item 2) on the rounds of rounds.ts: each turns a member's bet
 * into its engine's draw (packages/games), the same code the verify page runs.
 */
export function inhousePlays(rounds: InhouseRounds) {
  // A running mines round shows the tiles opened so far; its mines only once it has ended.
  rounds.showOutcomeWith('mines', (row) => {
    const progress = progressOf(row);
    return row.state === 'open' ? { revealed: progress.revealed } : { ...progress, mines: minesOf(row) };
  });

  return {
    dice(
      member: MemberContext,
      merchant: MerchantContext,
      body: { requestId: string; stake: string; chanceBp: number; direction: DiceDirection },
    ) {
      const stake = parseMinor(body.stake);
      const bet = { chanceBp: body.chanceBp, direction: body.direction };
      return rounds.play(member, merchant, 'dice', { requestId: body.requestId, stake, bet }, (random) => {
        const { roll, won, payout } = playDice(random, bet, stake);
        return { outcome: { roll, won }, payout };
      });
    },

    slot(member: MemberContext, merchant: MerchantContext, body: { requestId: string; lineBet: string }) {
      const lineBet = parseMinor(body.lineBet);
      const bet = { lineBet };
      return rounds.play(
        member,
        merchant,
        'slot',
        { requestId: body.requestId, stake: slotStake(lineBet), bet },
        (random) => {
          const round = playSlot(random, lineBet);
          return { outcome: { spins: round.spins, win: round.win }, payout: round.win };
        },
      );
    },

    andarBahar(
      member: MemberContext,
      merchant: MerchantContext,
      body: { requestId: string; stake: string; side: AndarBaharSide },
    ) {
      const stake = parseMinor(body.stake);
      const bet = { side: body.side };
      return rounds.play(member, merchant, 'andar-bahar', { requestId: body.requestId, stake, bet }, (random) => {
        const deal = dealAndarBahar(random);
        return { outcome: { ...deal }, payout: andarBaharPayout(stake, body.side, deal.winner) };
      });
    },

    /** A mines round opens with its mines placed (kept from the player until it ends). One open round at a time. */
    minesStart(
      member: MemberContext,
      merchant: MerchantContext,
      body: { requestId: string; stake: string; mines: number },
    ) {
      const stake = parseMinor(body.stake);
      const bet = { mines: body.mines };
      return rounds.play(
        member,
        merchant,
        'mines',
        { requestId: body.requestId, stake, bet },
        (random) => ({ outcome: { mines: minePositions(random, body.mines) }, payout: 0n, open: true }),
        { oneOpen: true },
      );
    },

    /** Opens a tile: a mine ends the round with nothing; the last safe tile cashes out by itself. */
    minesReveal(member: MemberContext, body: { roundId: string; cell: number }) {
      return rounds.advance(member, 'mines', body.roundId, (row) => {
        const progress = progressOf(row);
        if (progress.revealed.includes(body.cell)) throw new AppError('inhouse.cell_revealed');
        const revealed = [...progress.revealed, body.cell];
        if (minesOf(row).includes(body.cell)) return { progress: { revealed, hit: body.cell }, payout: 0n };
        const mines = mineCountOf(row);
        if (revealed.length === safeCells(mines)) {
          return { progress: { revealed }, payout: minesPayout(row.stake, mines, revealed.length) };
        }
        return { progress: { revealed } };
      });
    },

    minesCashOut(member: MemberContext, body: { roundId: string }) {
      return rounds.advance(member, 'mines', body.roundId, (row) => {
        const progress = progressOf(row);
        if (!canCashOut(progress.revealed.length)) throw new AppError('inhouse.cash_out_unavailable');
        return { progress, payout: minesPayout(row.stake, mineCountOf(row), progress.revealed.length) };
      });
    },
  };
}
export type InhousePlays = ReturnType<typeof inhousePlays>;
