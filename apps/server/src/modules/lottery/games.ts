import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import {
  FORMAT_BET_TYPES,
  currentSlot,
  drawClientSeed,
  hashServerSeed,
  type DrawSchedule,
  type DrawSlot,
  type LotteryFormat,
} from '@khela/games';
import type { Language, LotteryDraw, LotteryGame } from '@khela/contracts';
import { toDecimalString } from '@khela/money';
import type { Db } from '../../db/database.ts';
import type { LotteryDrawsTable, LotteryGamesTable } from '../../db/schema.ts';

export type LotteryGameRow = Selectable<LotteryGamesTable>;
export type LotteryDrawRow = Selectable<LotteryDrawsTable>;

/** A lottery game with what the catalogue says of it (name, icon, vendor). */
export interface ListedGame extends LotteryGameRow {
  name: { en: string; bn: string };
  icon_url: string | null;
  vassalage: string;
}

const GROUP_NAMES: Record<string, { en: string; bn: string }> = {
  ELOTT: { en: 'E-lottery', bn: 'ই-লটারি' },
  VN: { en: 'Vietnam lottery', bn: 'ভিয়েতনাম লটারি' },
  SEA: { en: '4D lottery', bn: '৪ডি লটারি' },
};
export const groupName = (code: string, language: Language) => GROUP_NAMES[code]?.[language] ?? code;

export function scheduleOf(game: LotteryGameRow): DrawSchedule {
  return game.schedule_kind === 'interval'
    ? {
        kind: 'interval',
        everySeconds: game.every_seconds!,
        closeBeforeSeconds: game.close_before_seconds,
        timeZone: game.time_zone,
      }
    : { kind: 'daily', at: game.draw_time!, closeBeforeSeconds: game.close_before_seconds, timeZone: game.time_zone };
}

/** An odds multiplier as text: basis points of ×1 → "1.96", "9800". */
export const oddsText = (bp: number) => String(bp / 10_000);

export function drawView(row: LotteryDrawRow, gameCode: string, format: LotteryFormat): LotteryDraw {
  const revealed = row.state === 'drawn' || row.state === 'settled' || (row.state === 'void' && row.result !== null);
  return {
    drawId: row.id.toString(),
    gameCode,
    issue: row.issue,
    format,
    opensAt: row.opens_at.toISOString(),
    closesAt: row.closes_at.toISOString(),
    drawAt: row.draw_at.toISOString(),
    state: row.state,
    serverSeedHash: row.server_seed_hash,
    serverSeed: revealed ? row.server_seed : null,
    clientSeed: row.client_seed,
    nonce: row.nonce,
    result: row.result,
    drawnAt: row.drawn_at?.toISOString() ?? null,
    late: row.late,
    voidReason: row.void_reason,
  };
}

/** The lottery games of a merchant and their draws (ADR 0021). */
export function lotteryGames(db: Db) {
  const listed = (executor: Db = db) =>
    executor
      .selectFrom('lottery_games as l')
      .innerJoin('games as g', 'g.id', 'l.game_id')
      .innerJoin('game_vendors as v', 'v.id', 'g.vendor_id')
      .selectAll('l')
      .select([sql<{ en: string; bn: string }>`g.name`.as('name'), 'g.icon_url', 'v.vassalage']);

  async function list(merchantId: number): Promise<ListedGame[]> {
    return (await listed()
      .where('l.merchant_id', '=', merchantId)
      .orderBy('l.sort_order')
      .orderBy('l.id')
      .execute()) as ListedGame[];
  }

  async function byCode(merchantId: number, code: string): Promise<ListedGame | undefined> {
    return (await listed().where('l.merchant_id', '=', merchantId).where('l.code', '=', code).executeTakeFirst()) as
      ListedGame | undefined;
  }

  /**
   * The draw of a slot, made with its server seed committed if it does not exist yet: two callers
   * at once make it once (the unique (game, issue) key), and both get the same row.
   */
  async function ensureDraw(executor: Db, game: LotteryGameRow, slot: DrawSlot): Promise<LotteryDrawRow> {
    const serverSeed = randomBytes(32).toString('hex');
    await executor
      .insertInto('lottery_draws')
      .values({
        merchant_id: game.merchant_id,
        lottery_game_id: game.id,
        issue: slot.issue,
        opens_at: slot.opensAt,
        closes_at: slot.closesAt,
        draw_at: slot.drawAt,
        server_seed: serverSeed,
        server_seed_hash: hashServerSeed(serverSeed),
        client_seed: drawClientSeed(game.code, slot.issue),
      })
      .onConflict((oc) => oc.columns(['lottery_game_id', 'issue']).doNothing())
      .execute();
    return executor
      .selectFrom('lottery_draws')
      .selectAll()
      .where('lottery_game_id', '=', game.id)
      .where('issue', '=', slot.issue)
      .executeTakeFirstOrThrow();
  }

  /** The committed hashes of the games' current draws that exist already (reads make none). */
  async function currentHashes(games: ListedGame[], now: Date): Promise<Map<string, string>> {
    if (games.length === 0) return new Map();
    const wanted = games.map((g) => ({ id: g.id, issue: currentSlot(scheduleOf(g), now).issue }));
    const rows = await db
      .selectFrom('lottery_draws')
      .select(['lottery_game_id', 'issue', 'server_seed_hash'])
      .where((eb) => eb.or(wanted.map((w) => eb.and([eb('lottery_game_id', '=', w.id), eb('issue', '=', w.issue)]))))
      .execute();
    return new Map(rows.map((r) => [`${r.lottery_game_id}:${r.issue}`, r.server_seed_hash]));
  }

  function gameView(game: ListedGame, language: Language, now: Date, hashes: Map<string, string>): LotteryGame {
    const schedule = scheduleOf(game);
    const slot = currentSlot(schedule, now);
    return {
      gameCode: game.code,
      nodeId: game.game_id,
      name: game.name[language] ?? game.name.en,
      iconUrl: game.icon_url,
      vassalage: game.vassalage,
      gameGroupCode: game.group_code,
      prizeMode: game.prize_mode,
      format: game.format,
      schedule: {
        kind: schedule.kind,
        everySeconds: game.every_seconds,
        at: game.draw_time,
        timeZone: game.time_zone,
        closeBeforeSeconds: game.close_before_seconds,
      },
      betTypes: [...FORMAT_BET_TYPES[game.format]],
      odds: Object.fromEntries(Object.entries(game.odds).map(([key, bp]) => [key, oddsText(bp)])),
      minBet: toDecimalString(game.min_bet),
      maxBet: toDecimalString(game.max_bet),
      status: game.status,
      current: {
        issue: slot.issue,
        closesAt: slot.closesAt.toISOString(),
        drawAt: slot.drawAt.toISOString(),
        serverSeedHash: hashes.get(`${game.id}:${slot.issue}`) ?? null,
      },
    };
  }

  async function views(games: ListedGame[], language: Language, now: Date): Promise<LotteryGame[]> {
    const hashes = await currentHashes(games, now);
    return games.map((g) => gameView(g, language, now, hashes));
  }

  return { list, byCode, ensureDraw, views, listed };
}
export type LotteryGames = ReturnType<typeof lotteryGames>;
