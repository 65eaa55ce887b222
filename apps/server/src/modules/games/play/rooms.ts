import { sql } from 'kysely';
import { toDecimalString } from '@khela/money';
import type { Language } from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MerchantContext } from '../../../http/context.ts';
import { effectiveStatus, gamesRepository } from '../catalogue/games-repository.ts';

/** Players count as seated while a game session of theirs started this recently. */
export const SEATED_MINUTES = 30;

const ROOM_NAMES: Record<'beginner' | 'standard' | 'vip', Record<Language, string>> = {
  beginner: { en: 'Beginner', bn: 'নতুনদের' },
  standard: { en: 'Standard', bn: 'স্ট্যান্ডার্ড' },
  vip: { en: 'VIP', bn: 'ভিআইপি' },
};

/**
 * GLS2_roomList (§7): a PVP game's rooms by stake — beginner from the game's minimum bet, VIP up
 * to its maximum — with the members seated now (live game sessions of that game).
 */
export function pvpRooms({ db }: { db: Db }) {
  const games = gamesRepository(db);
  return {
    async list(
      merchant: MerchantContext,
      request: { gameCode: string; vassalage?: string | undefined },
      language: Language,
    ) {
      const entry = await games.find(merchant.id, request);
      if (!entry || effectiveStatus(entry) === 'off') throw new AppError('game.not_found');
      if (entry.vendor.category !== 'PVP') throw new AppError('game.no_rooms');
      const seated = await db
        .selectFrom('game_sessions')
        .select(sql<number>`count(DISTINCT member_id)::int`.as('n'))
        .where('game_id', '=', entry.game.id)
        .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${SEATED_MINUTES})`)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirstOrThrow();
      const { min_bet: min, max_bet: max } = entry.game;
      const tiers = [
        ['beginner', min, min * 10n < max ? min * 10n : max],
        ['standard', min * 10n < max ? min * 10n : min, min * 100n < max ? min * 100n : max],
        ['vip', min * 100n < max ? min * 100n : min, max],
      ] as const;
      // Everyone seated sits in one of the rooms: spread them, the smaller stakes first.
      const share = (index: number) => Math.floor(seated.n / 3) + (index < seated.n % 3 ? 1 : 0);
      return {
        rooms: tiers.map(([tier, low, high], index) => ({
          roomId: `${entry.game.game_code}:${tier}`,
          name: ROOM_NAMES[tier][language],
          minBet: toDecimalString(low),
          maxBet: toDecimalString(high),
          players: share(index),
        })),
      };
    },
  };
}
