import { sql } from 'kysely';
import { DEFAULT_LOTTERY_ODDS, currentSlot, isDrawSchedule } from '@khela/games';
import {
  LOTTERY_PRIZE_MODES,
  type ADMIN_LOTTERY_DRAW_SORTS,
  type Language,
  type LotteryDraw,
  type LotteryGame,
} from '@khela/contracts';
import { parseMinor, toDecimalString } from '@khela/money';
import type { Db } from '../../db/database.ts';
import type { LotteryDrawState } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { sortedPageOfRows } from '../cashier/records.ts';
import { drawView, groupName, scheduleOf, type ListedGame, type LotteryDrawRow, type LotteryGames } from './games.ts';

export interface Paging {
  pageNo?: number | undefined;
  pageSize?: number | undefined;
}
const DRAW_SORT_COLUMNS = {
  drawAt: 'd.draw_at',
  issue: 'd.issue',
  state: 'd.state',
} as const satisfies Record<(typeof ADMIN_LOTTERY_DRAW_SORTS)[number], string>;
type DrawSort = { sort?: (typeof ADMIN_LOTTERY_DRAW_SORTS)[number] | undefined; order?: 'asc' | 'desc' | undefined };

/** The lottery's public reads and the operator's settings (endpoints.md §8; ADR 0021). */
export function lotteryReads({ db, games, clock }: { db: Db; games: LotteryGames; clock: () => Date }) {
  const isPrizeMode = (mode: string | undefined): mode is LotteryGame['prizeMode'] =>
    (LOTTERY_PRIZE_MODES as readonly string[]).includes((mode ?? '').toUpperCase());

  async function onGames(merchantId: number) {
    return (await games.list(merchantId)).filter((g) => g.status === 'on');
  }

  async function drawPage(
    merchantId: number,
    filters: { gameCode?: string | undefined; states: LotteryDrawState[] },
    query: Paging & DrawSort,
  ) {
    let base = db
      .selectFrom('lottery_draws as d')
      .innerJoin('lottery_games as l', 'l.id', 'd.lottery_game_id')
      .selectAll('d')
      .select(['l.code', 'l.format'])
      .where('d.merchant_id', '=', merchantId)
      .where('d.state', 'in', filters.states);
    if (filters.gameCode) base = base.where('l.code', '=', filters.gameCode);
    const { list, ...page } = await sortedPageOfRows(
      base,
      query,
      DRAW_SORT_COLUMNS[query.sort ?? 'drawAt'],
      (rows) => rows,
      'd.id',
    );
    return { rows: list, ...page };
  }

  const RESULTS: LotteryDrawState[] = ['drawn', 'settled', 'void'];

  async function historyOf(merchantId: number, gameCode: string | undefined, query: Paging) {
    const { rows, ...page } = await drawPage(merchantId, { gameCode, states: RESULTS }, query);
    return { ...page, list: rows.map((r) => drawView(r, r.code, r.format)) };
  }

  async function latestDraws(merchantId: number): Promise<Map<number, LotteryDrawRow>> {
    const rows = await db
      .selectFrom('lottery_draws as d')
      .selectAll('d')
      .distinctOn('d.lottery_game_id')
      .where('d.merchant_id', '=', merchantId)
      .where('d.state', 'in', ['drawn', 'settled'])
      .orderBy('d.lottery_game_id')
      .orderBy('d.draw_at', 'desc')
      .execute();
    return new Map(rows.map((r) => [r.lottery_game_id, r]));
  }

  const adminGameView = (game: ListedGame, view: LotteryGame) => ({ ...view, oddsBp: game.odds });

  return {
    async vnMenus(merchantId: number, language: Language) {
      const listed = await onGames(merchantId);
      const views = await games.views(listed, language, clock());
      const groups: Record<string, { gameGroupCode: string; displayName: string; gameMenus: LotteryGame[] }> = {};
      for (const view of views) {
        groups[view.gameGroupCode] ??= {
          gameGroupCode: view.gameGroupCode,
          displayName: groupName(view.gameGroupCode, language),
          gameMenus: [],
        };
        groups[view.gameGroupCode]!.gameMenus.push(view);
      }
      return groups;
    },

    async games(merchantId: number, language: Language, prizeMode?: string) {
      let listed = await onGames(merchantId);
      if (isPrizeMode(prizeMode)) listed = listed.filter((g) => g.prize_mode === prizeMode.toUpperCase());
      return { list: await games.views(listed, language, clock()) };
    },

    async recent(member: MemberContext, language: Language) {
      const rows = await db
        .selectFrom('lottery_purchases as p')
        .innerJoin('lottery_draws as d', 'd.id', 'p.draw_id')
        .select(['d.lottery_game_id', sql<string>`max(p.id)::text`.as('last')])
        .where('p.member_id', '=', member.id)
        .groupBy('d.lottery_game_id')
        .orderBy(sql`max(p.id)`, 'desc')
        .limit(10)
        .execute();
      const listed = await onGames(member.merchantId);
      const ordered = rows.flatMap((r) => listed.filter((g) => g.id === r.lottery_game_id));
      return { list: await games.views(ordered, language, clock()) };
    },

    async popular(merchantId: number, language: Language) {
      const counts = await db
        .selectFrom('lottery_tickets as t')
        .innerJoin('lottery_draws as d', 'd.id', 't.draw_id')
        .select(['d.lottery_game_id', sql<string>`count(*)::text`.as('n')])
        .where('t.merchant_id', '=', merchantId)
        .where('t.created_at', '>', sql<Date>`now() - interval '24 hours'`)
        .groupBy('d.lottery_game_id')
        .execute();
      const sold = new Map(counts.map((c) => [c.lottery_game_id, Number(c.n)]));
      const listed = (await onGames(merchantId)).sort((a, b) => (sold.get(b.id) ?? 0) - (sold.get(a.id) ?? 0));
      return { list: await games.views(listed, language, clock()) };
    },

    async latestByGame(merchantId: number): Promise<Record<string, LotteryDraw>> {
      const listed = await games.list(merchantId);
      const latest = await latestDraws(merchantId);
      const out: Record<string, LotteryDraw> = {};
      for (const game of listed) {
        const draw = latest.get(game.id);
        if (draw) out[game.code] = drawView(draw, game.code, game.format);
      }
      return out;
    },

    history: historyOf,

    async drawHistory(merchantId: number, gameCode: string, query: Paging) {
      if (!(await games.byCode(merchantId, gameCode))) throw new AppError('lottery.game_not_found');
      return historyOf(merchantId, gameCode, query);
    },

    /** The draw taking bets now (made with its committed seed if needed) and the previous result. */
    async near(merchantId: number, gameCode: string) {
      const game = await games.byCode(merchantId, gameCode);
      if (!game) throw new AppError('lottery.game_not_found');
      const now = clock();
      const slot = currentSlot(scheduleOf(game), now);
      const draw = await games.ensureDraw(db, game, slot);
      const previous = await db
        .selectFrom('lottery_draws')
        .selectAll()
        .where('lottery_game_id', '=', game.id)
        .where('state', 'in', RESULTS)
        .where('draw_at', '<', slot.drawAt)
        .orderBy('draw_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      const seconds = (to: Date) => Math.max(0, Math.ceil((to.getTime() - now.getTime()) / 1000));
      return {
        gameCode: game.code,
        serverTime: now.toISOString(),
        issue: slot.issue,
        opensAt: draw.opens_at.toISOString(),
        closesAt: draw.closes_at.toISOString(),
        drawAt: draw.draw_at.toISOString(),
        secondsToClose: seconds(draw.closes_at),
        secondsToDraw: seconds(draw.draw_at),
        serverSeedHash: draw.state === 'open' ? draw.server_seed_hash : null,
        previous: previous ? drawView(previous, game.code, game.format) : null,
      };
    },

    async adminGames(merchantId: number, language: Language) {
      const listed = await games.list(merchantId);
      const views = await games.views(listed, language, clock());
      return listed.map((g, i) => adminGameView(g, views[i]!));
    },

    async adminDraws(
      merchantId: number,
      query: Paging & DrawSort & { gameCode?: string | undefined; state?: LotteryDrawState | undefined },
    ) {
      const { rows, ...page } = await drawPage(
        merchantId,
        { gameCode: query.gameCode, states: query.state ? [query.state] : ['open', 'drawn', 'settled', 'void'] },
        query,
      );
      return { ...page, list: await adminDrawViews(rows) };
    },

    adminDrawViews,

    /** PUT /admin/lottery/games/:code (audited): status, close seconds, odds, limits. */
    async updateGame(
      actor: AuditActor & { operatorId: number },
      code: string,
      change: {
        status?: 'on' | 'off' | undefined;
        closeBeforeSeconds?: number | undefined;
        oddsBp?: Record<string, number> | undefined;
        minBet?: string | undefined;
        maxBet?: string | undefined;
      },
      language: Language,
    ) {
      const game = await games.byCode(actor.merchantId, code);
      if (!game) throw new AppError('lottery.game_not_found');
      const oddsKeys = new Set(Object.keys(DEFAULT_LOTTERY_ODDS[game.format]));
      const odds = change.oddsBp ? { ...game.odds, ...change.oddsBp } : game.odds;
      const minBet = change.minBet === undefined ? game.min_bet : parseMinor(change.minBet);
      const maxBet = change.maxBet === undefined ? game.max_bet : parseMinor(change.maxBet);
      const closeBeforeSeconds = change.closeBeforeSeconds ?? game.close_before_seconds;
      const valid =
        Object.keys(odds).every((key) => oddsKeys.has(key)) &&
        minBet <= maxBet &&
        isDrawSchedule({ ...scheduleOf(game), closeBeforeSeconds });
      if (!valid) throw new AppError('lottery.invalid_settings');
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('lottery_games')
          .set({
            status: change.status ?? game.status,
            close_before_seconds: closeBeforeSeconds,
            odds: JSON.stringify(odds),
            min_bet: minBet,
            max_bet: maxBet,
          })
          .where('id', '=', game.id)
          .execute();
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'lottery_games',
          entityId: game.code,
          before: {
            status: game.status,
            closeBeforeSeconds: game.close_before_seconds,
            odds: game.odds,
            minBet: toDecimalString(game.min_bet),
            maxBet: toDecimalString(game.max_bet),
          },
          after: {
            status: change.status ?? game.status,
            closeBeforeSeconds,
            odds,
            minBet: toDecimalString(minBet),
            maxBet: toDecimalString(maxBet),
          },
        });
      });
      const updated = (await games.byCode(actor.merchantId, code))!;
      const [view] = await games.views([updated], language, clock());
      return adminGameView(updated, view!);
    },
  };

  async function adminDrawViews(rows: (LotteryDrawRow & { code: string; format: ListedGame['format'] })[]) {
    if (rows.length === 0) return [];
    const sums = await db
      .selectFrom('lottery_purchases')
      .select([
        'draw_id',
        sql<string>`count(*)::text`.as('purchases'),
        sql<string>`sum(total_stake)::text`.as('staked'),
        sql<string>`coalesce(sum(payout) FILTER (WHERE state = 'settled'), 0)::text`.as('paid'),
      ])
      .where(
        'draw_id',
        'in',
        rows.map((r) => r.id),
      )
      .groupBy('draw_id')
      .execute();
    const tickets = await db
      .selectFrom('lottery_tickets')
      .select(['draw_id', sql<string>`count(*)::text`.as('n')])
      .where(
        'draw_id',
        'in',
        rows.map((r) => r.id),
      )
      .groupBy('draw_id')
      .execute();
    return rows.map((row) => {
      const sum = sums.find((s) => s.draw_id === row.id);
      return {
        ...drawView(row, row.code, row.format),
        tickets: Number(tickets.find((t) => t.draw_id === row.id)?.n ?? 0),
        staked: toDecimalString(BigInt(sum?.staked ?? 0)),
        paid: toDecimalString(BigInt(sum?.paid ?? 0)),
      };
    });
  }
}
export type LotteryReads = ReturnType<typeof lotteryReads>;
