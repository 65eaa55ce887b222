import { createHash } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { parseLotteryBet, slotOfIssue, type LotteryBet } from '@khela/games';
import type { Language, LotteryPurchase, LotterySelection, LotteryTicket } from '@khela/contracts';
import { parseMinor, toDecimalString } from '@khela/money';
import type { Db } from '../../db/database.ts';
import type { LotteryTicketsTable } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../http/context.ts';
import { assertMayPlay } from '../protection/guards.ts';
import { oddsText, scheduleOf, type LotteryGames } from './games.ts';
import type { LotteryMoney } from './money.ts';

type TicketRow = Selectable<LotteryTicketsTable>;

export interface BuyRequest {
  gameCode: string;
  issue: string;
  requestId: string;
  bets: { betType: string; selection: LotterySelection; stake: string }[];
}

/** The odds key of a bet's best hit (what a ticket shows as its odds and potential win). */
export function bestOddsKey(bet: LotteryBet): string {
  switch (bet.type) {
    case 'box3':
      return `box3_${new Set(bet.number).size === 3 ? 6 : 3}`;
    case 'big4d':
    case 'small4d':
      return `${bet.type}_first`;
    default:
      return bet.type;
  }
}

/** A bet as stored: its selection, the fields of its type only. */
const selectionOf = (bet: LotteryBet): LotterySelection => {
  const { type: _type, ...selection } = bet;
  return selection as LotterySelection;
};
export const betOf = (row: Pick<TicketRow, 'bet_type' | 'selection'>) =>
  ({ type: row.bet_type, ...row.selection }) as LotteryBet;

const UNIQUE_VIOLATION = '23505';
/** Bounds the known sessions (cleared when full: each is read again once). */
const MAX_KNOWN_SESSIONS = 100_000;

/** Buying tickets and reading them (issue 15 item 1; ADR 0021). */
export function lotteryTickets({
  db,
  games,
  money,
  clock,
}: {
  db: Db;
  games: LotteryGames;
  money: LotteryMoney;
  clock: () => Date;
}) {
  /** Sessions known per integration, member and game (the purchase path's one read fewer). */
  const sessions = new Map<string, bigint>();

  function ticketView(
    row: TicketRow,
    draw: { code: string; issue: string; drawAt: string; name: { en: string; bn: string } },
    language: Language,
  ): LotteryTicket {
    return {
      ticketId: row.id.toString(),
      purchaseId: row.purchase_id.toString(),
      gameCode: draw.code,
      gameName: draw.name[language] ?? draw.name.en,
      issue: draw.issue,
      drawAt: draw.drawAt,
      betType: row.bet_type,
      selection: row.selection as LotterySelection,
      stake: toDecimalString(row.stake),
      odds: oddsText(row.odds_bp),
      potentialWin: toDecimalString(row.potential_win),
      state: row.state,
      payout: row.payout === null ? null : toDecimalString(row.payout),
      hits: row.hits,
      createdAt: row.created_at.toISOString(),
      settledAt: row.settled_at?.toISOString() ?? null,
    };
  }

  async function ticketViews(rows: TicketRow[], language: Language): Promise<LotteryTicket[]> {
    if (rows.length === 0) return [];
    const draws = await db
      .selectFrom('lottery_draws as d')
      .innerJoin('lottery_games as l', 'l.id', 'd.lottery_game_id')
      .innerJoin('games as g', 'g.id', 'l.game_id')
      .select(['d.id', 'd.issue', 'd.draw_at', 'l.code', sql<{ en: string; bn: string }>`g.name`.as('name')])
      .where('d.id', 'in', [...new Set(rows.map((r) => r.draw_id))])
      .execute();
    const drawOf = new Map(draws.map((d) => [d.id.toString(), d]));
    return rows.map((row) => {
      const draw = drawOf.get(row.draw_id.toString())!;
      return ticketView(row, { ...draw, drawAt: draw.draw_at.toISOString() }, language);
    });
  }

  async function purchaseView(purchaseId: bigint, balance: bigint, language: Language): Promise<LotteryPurchase> {
    const purchase = await db
      .selectFrom('lottery_purchases as p')
      .innerJoin('lottery_draws as d', 'd.id', 'p.draw_id')
      .innerJoin('lottery_games as l', 'l.id', 'd.lottery_game_id')
      .select(['p.id', 'p.total_stake', 'd.issue', 'l.code'])
      .where('p.id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    const tickets = await db
      .selectFrom('lottery_tickets')
      .selectAll()
      .where('purchase_id', '=', purchaseId)
      .orderBy('id')
      .execute();
    return {
      purchaseId: purchase.id.toString(),
      gameCode: purchase.code,
      issue: purchase.issue,
      totalStake: toDecimalString(purchase.total_stake),
      balance: toDecimalString(balance),
      tickets: await ticketViews(tickets, language),
    };
  }

  const mainBalance = async (member: MemberContext) => {
    const row = await db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('merchant_id', '=', member.merchantId)
      .where('member_id', '=', member.id)
      .where('kind', '=', 'member_main')
      .executeTakeFirst();
    return row?.balance ?? 0n;
  };

  /** A purchase made before under this request id: the same one again, or request_reused. */
  async function replayOf(member: MemberContext, requestId: string, fingerprint: string, language: Language) {
    const earlier = await db
      .selectFrom('lottery_purchases')
      .select(['id', 'fingerprint'])
      .where('member_id', '=', member.id)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    if (!earlier) return null;
    if (earlier.fingerprint !== fingerprint) throw new AppError('lottery.request_reused');
    return purchaseView(earlier.id, await mainBalance(member), language);
  }

  return {
    ticketViews,

    /**
     * Buys a ticket per bet on the draw taking bets now (§6: no trial accounts): every bet checked
     * against its game's format and limits first, then the draw (made if needed, its seed committed),
     * the purchase, its one stake transaction and its tickets in one database transaction. The same
     * request id buys once; a refusal writes nothing.
     */
    async buy(
      member: MemberContext,
      merchant: MerchantContext,
      request: BuyRequest,
      language: Language,
    ): Promise<LotteryPurchase> {
      // Side by side (two reads, one wait); the member's refusal comes first.
      const [mayPlay, found] = await Promise.allSettled([
        assertMayPlay(db, member),
        games.byCode(merchant.id, request.gameCode),
      ]);
      if (mayPlay.status === 'rejected') throw mayPlay.reason;
      if (found.status === 'rejected') throw found.reason;
      const game = found.value;
      if (!game) throw new AppError('lottery.game_not_found');
      const bets = request.bets.map((input) => {
        const parsed = parseLotteryBet(game.format, { ...input.selection, type: input.betType });
        if (!parsed.ok) throw new AppError(parsed.code);
        const stake = parseMinor(input.stake);
        if (stake < game.min_bet)
          throw new AppError('lottery.bet_below_minimum', { minBet: toDecimalString(game.min_bet) });
        if (stake > game.max_bet)
          throw new AppError('lottery.bet_above_maximum', { maxBet: toDecimalString(game.max_bet) });
        const oddsBp = game.odds[bestOddsKey(parsed.bet)]!;
        return { bet: parsed.bet, stake, oddsBp, potentialWin: (stake * BigInt(oddsBp)) / 10_000n };
      });
      const fingerprint = createHash('sha256')
        .update(JSON.stringify([game.code, request.issue, bets.map((b) => [b.bet, b.stake.toString()])]))
        .digest('hex');
      // The same request id answers with its purchase, even once the game is off or betting closed.
      const refuse = async (error: AppError): Promise<LotteryPurchase> => {
        const replay = await replayOf(member, request.requestId, fingerprint, language);
        if (replay) return replay;
        throw error;
      };
      if (game.status !== 'on') return refuse(new AppError('lottery.game_off'));

      const now = clock();
      const slot = slotOfIssue(scheduleOf(game), request.issue);
      if (!slot || slot.opensAt > now) return refuse(new AppError('lottery.issue_not_open', { issue: request.issue }));
      if (slot.closesAt <= now) return refuse(new AppError('lottery.betting_closed', { issue: request.issue }));

      const total = bets.reduce((sum, b) => sum + b.stake, 0n);
      const integration = await money.integrationOf(merchant.id);
      const sessionKey = `${integration.id}:${member.id}:${game.game_id}`;
      let done: {
        purchaseId: bigint;
        balance: bigint;
        gameSessionId: bigint;
        tickets: TicketRow[];
        drawAt: Date;
      } | null;
      try {
        done = await db.transaction().execute(async (trx) => {
          // Shared with other buyers, exclusive against the draw pass and a void: no ticket is
          // bought once the draw is drawn or voided (checked in this transaction).
          const lock = () =>
            trx
              .selectFrom('lottery_draws')
              .select(['id', 'state', 'closes_at', 'draw_at'])
              .where('lottery_game_id', '=', game.id)
              .where('issue', '=', slot.issue)
              .forShare()
              .executeTakeFirst();
          let draw = await lock();
          if (!draw) {
            await games.ensureDraw(trx, game, slot);
            draw = await lock();
          }
          // A draw voided, or made with an earlier close time, takes no more tickets.
          if (!draw || draw.state !== 'open' || draw.closes_at <= now) {
            throw new AppError('lottery.betting_closed', { issue: request.issue });
          }
          const gameSessionId =
            sessions.get(sessionKey) ?? (await money.sessionOf(trx, integration, member, game.game_id));
          const purchase = await trx
            .insertInto('lottery_purchases')
            .values({
              merchant_id: merchant.id,
              member_id: member.id,
              draw_id: draw.id,
              request_id: request.requestId,
              fingerprint,
              currency: merchant.currency,
              total_stake: total,
              odds: JSON.stringify(game.odds),
              game_session_id: gameSessionId,
            })
            .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!purchase) return null; // bought before under this request id (or at this moment by another call)
          const balance = await money.stake(
            trx,
            {
              purchaseId: purchase.id,
              merchantId: merchant.id,
              memberId: member.id,
              currency: merchant.currency,
              gameSessionId,
              integration,
            },
            total,
          );
          const tickets = await trx
            .insertInto('lottery_tickets')
            .values(
              bets.map((b) => ({
                purchase_id: purchase.id,
                merchant_id: merchant.id,
                member_id: member.id,
                draw_id: draw.id,
                bet_type: b.bet.type,
                selection: JSON.stringify(selectionOf(b.bet)),
                stake: b.stake,
                odds_bp: b.oddsBp,
                potential_win: b.potentialWin,
              })),
            )
            .returningAll()
            .execute();
          return { purchaseId: purchase.id, balance, gameSessionId, tickets, drawAt: draw.draw_at };
        });
      } catch (error) {
        if (error instanceof AppError) return refuse(error);
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) done = null;
        else throw error;
      }
      if (!done) {
        const again = await replayOf(member, request.requestId, fingerprint, language);
        if (!again) throw new AppError('lottery.request_reused');
        return again;
      }
      // Kept once committed: a member's session of a game is never replaced or removed.
      if (sessions.size >= MAX_KNOWN_SESSIONS) sessions.clear();
      sessions.set(sessionKey, done.gameSessionId);
      // The answer from what was written (no reads after the commit).
      const drawAt = done.drawAt.toISOString();
      return {
        purchaseId: done.purchaseId.toString(),
        gameCode: game.code,
        issue: slot.issue,
        totalStake: toDecimalString(total),
        balance: toDecimalString(done.balance),
        tickets: done.tickets
          .sort((a, b) => (a.id < b.id ? -1 : 1))
          .map((row) => ticketView(row, { code: game.code, issue: slot.issue, drawAt, name: game.name }, language)),
      };
    },

    async myTickets(
      member: MemberContext,
      query: {
        gameCode?: string | undefined;
        state?: LotteryTicket['state'] | undefined;
        pageNo?: number | undefined;
        pageSize?: number | undefined;
      },
      language: Language,
    ) {
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 20;
      let base = db.selectFrom('lottery_tickets as t').where('t.member_id', '=', member.id);
      if (query.state) base = base.where('t.state', '=', query.state);
      if (query.gameCode) {
        const code = query.gameCode;
        base = base.where('t.draw_id', 'in', (eb) =>
          eb
            .selectFrom('lottery_draws as d')
            .innerJoin('lottery_games as l', 'l.id', 'd.lottery_game_id')
            .select('d.id')
            .where('l.code', '=', code)
            .where('l.merchant_id', '=', member.merchantId),
        );
      }
      const [rows, total] = await Promise.all([
        base
          .selectAll('t')
          .orderBy('t.id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list: await ticketViews(rows, language), total: Number(total.n), pageNo, pageSize };
    },
  };
}
export type LotteryTickets = ReturnType<typeof lotteryTickets>;
