import { sql } from 'kysely';
import type { GameSummary, Language } from '@khela/contracts';
import { GAME_LIST_DEFAULT_PAGE_SIZE } from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../../http/context.ts';
import { effectiveStatus, gamesRepository, toGameSummary } from '../catalogue/games-repository.ts';

export interface FavouriteRequest {
  nodeId: number;
  vendor?: string | undefined;
  gameType?: string | undefined;
}

const pagesOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * A member's games (§4): favourites, toggled by node id (adding one already there or removing one
 * not there changes nothing), and recents, which real launches record. Both list only games that
 * are not off; a game under maintenance is listed with that status.
 */
export function myGames({ db }: { db: Db }) {
  const games = gamesRepository(db);

  /** Games of the catalogue that are not off, of this merchant, optionally of one type. */
  function playableGames(member: MemberContext, gameType: string | undefined) {
    const query = games
      .gamesWithVendors(member.merchantId)
      .where('g.status', '<>', 'off')
      .where('v.status', '<>', 'off');
    return gameType ? query.where('g.game_type', '=', gameType) : query;
  }

  function favourites(member: MemberContext, gameType: string | undefined) {
    return playableGames(member, gameType)
      .innerJoin('favourite_games as mine', 'mine.game_id', 'g.id')
      .where('mine.member_id', '=', member.id);
  }

  function recents(member: MemberContext, gameType: string | undefined) {
    return playableGames(member, gameType)
      .innerJoin('recent_games as mine', 'mine.game_id', 'g.id')
      .where('mine.member_id', '=', member.id);
  }

  /** The game a favourite names: of this merchant, not off, and the vendor and type given, if any. */
  async function favouriteTarget(merchant: MerchantContext, request: FavouriteRequest) {
    const entry = await games.find(merchant.id, { nodeId: request.nodeId });
    if (!entry || effectiveStatus(entry) === 'off') throw new AppError('game.not_found');
    const wrongVendor = request.vendor && request.vendor !== entry.vendor.vassalage;
    const wrongType = request.gameType && request.gameType !== entry.game.game_type;
    if (wrongVendor || wrongType) throw new AppError('game.not_found');
    return entry;
  }

  return {
    async favouriteIds(member: MemberContext): Promise<string[]> {
      const rows = await favourites(member, undefined)
        .clearSelect()
        .select('g.id')
        .orderBy('mine.created_at', 'desc')
        .execute();
      return rows.map((row) => String(row.id));
    },

    async favouriteList(
      member: MemberContext,
      language: Language,
      fallback: Language,
      page: { gameType?: string | undefined; pageNo?: number | undefined; pageSize?: number | undefined },
    ) {
      const pageNo = page.pageNo ?? 1;
      const pageSize = page.pageSize ?? 999;
      const query = favourites(member, page.gameType);
      const [rows, count] = await Promise.all([
        query
          .orderBy('mine.created_at', 'desc')
          .orderBy('g.id')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        query
          .clearSelect()
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      const content: GameSummary[] = rows.map((row) => toGameSummary(games.split(row), language, fallback));
      return { content, pageNum: pageNo, totalPages: pagesOf(count.n, pageSize) };
    },

    async addFavourite(member: MemberContext, merchant: MerchantContext, request: FavouriteRequest) {
      const entry = await favouriteTarget(merchant, request);
      const inserted = await db
        .insertInto('favourite_games')
        .values({ member_id: member.id, game_id: entry.game.id })
        .onConflict((oc) => oc.doNothing())
        .returning('game_id')
        .executeTakeFirst();
      return { nodeId: entry.game.id, added: inserted !== undefined };
    },

    async removeFavourite(member: MemberContext, merchant: MerchantContext, request: FavouriteRequest) {
      const entry = await favouriteTarget(merchant, request);
      const removed = await db
        .deleteFrom('favourite_games')
        .where('member_id', '=', member.id)
        .where('game_id', '=', entry.game.id)
        .executeTakeFirst();
      return { nodeId: entry.game.id, removed: removed.numDeletedRows > 0n };
    },

    async recentGames(
      member: MemberContext,
      language: Language,
      fallback: Language,
      page: { gameType?: string | undefined; page?: number | undefined; pageSize?: number | undefined },
    ) {
      const pageNo = page.page ?? 1;
      const pageSize = page.pageSize ?? GAME_LIST_DEFAULT_PAGE_SIZE;
      const query = recents(member, page.gameType);
      const [rows, count] = await Promise.all([
        query
          .select('mine.last_launched_at')
          .orderBy('mine.last_launched_at', 'desc')
          .orderBy('g.id')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        query
          .clearSelect()
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      const list = rows.map(({ last_launched_at, ...row }) => ({
        ...toGameSummary(games.split(row), language, fallback),
        lastLaunchedAt: last_launched_at.toISOString(),
      }));
      return { list, page: pageNo, totalPages: pagesOf(count.n, pageSize) };
    },
  };
}
