import { DEFAULT_LOTTERY_ODDS, type LotteryFormat } from '@khela/games';
import type { Db } from '../db/database.ts';
import { gameCodeOf } from './catalogue.ts';

interface DemoLotteryGame {
  vassalage: string;
  name: string;
  format: LotteryFormat;
  /** Seconds between draws, or the local time of a daily draw. */
  every?: number;
  at?: string;
  timeZone: string;
  closeBeforeSeconds: number;
  prizeMode: 'LOTT' | 'ELOTT' | 'ZY' | 'SEA';
  group: string;
}

const DHAKA = 'Asia/Dhaka';
const ELOTT = { vassalage: 'BHAGYA', timeZone: DHAKA, prizeMode: 'ELOTT', group: 'ELOTT', format: 'digits5' } as const;
const VN = { vassalage: 'TCG_LOTTO_VN', timeZone: 'Asia/Ho_Chi_Minh', group: 'VN' } as const;
const SEA = { vassalage: 'TCG_SEA', timeZone: 'Asia/Kuala_Lumpur', prizeMode: 'SEA', group: 'SEA' } as const;

/**
 * The demo catalogue's lottery games are ours (issue 15 item 1, ADR 0021): e-lottery draws every
 * 1, 2, 3 and 5 minutes, the Vietnamese regional draws daily at their local times, and 4D.
 */
export const DEMO_LOTTERY_GAMES: readonly DemoLotteryGame[] = [
  { ...ELOTT, name: 'Colour Draw 1 min', every: 60, closeBeforeSeconds: 10 },
  { ...ELOTT, name: 'Colour Draw 3 min', every: 180, closeBeforeSeconds: 20 },
  { ...ELOTT, name: 'Lucky 5D', every: 300, closeBeforeSeconds: 30 },
  { ...ELOTT, name: 'Pick 3', every: 300, closeBeforeSeconds: 30 },
  { ...ELOTT, name: 'Fast 3', every: 180, closeBeforeSeconds: 20 },
  { ...ELOTT, name: 'Keno 80', every: 120, closeBeforeSeconds: 15 },
  { ...VN, name: 'South Lottery', format: 'vn_south', at: '16:15', closeBeforeSeconds: 900, prizeMode: 'LOTT' },
  { ...VN, name: 'Central Lottery', format: 'vn_south', at: '17:15', closeBeforeSeconds: 900, prizeMode: 'LOTT' },
  { ...VN, name: 'North Lottery', format: 'vn_north', at: '18:15', closeBeforeSeconds: 900, prizeMode: 'ZY' },
  { ...VN, name: 'Speed Lottery 1 min', format: 'digits5', every: 60, closeBeforeSeconds: 10, prizeMode: 'ELOTT' },
  { ...VN, name: 'Speed Lottery 5 min', format: 'digits5', every: 300, closeBeforeSeconds: 30, prizeMode: 'ELOTT' },
  { ...SEA, name: 'Sea Lotto 4D', format: 'sea4d', at: '19:00', closeBeforeSeconds: 900 },
  { ...SEA, name: 'Sea Lotto 6 of 45', format: 'sea4d', at: '21:00', closeBeforeSeconds: 900 },
  { ...SEA, name: 'Sea Quick Draw', format: 'digits5', every: 180, closeBeforeSeconds: 20, prizeMode: 'ELOTT' },
];

export async function seedLotteryDemo(db: Db, merchantId: number): Promise<void> {
  const codes = DEMO_LOTTERY_GAMES.map((g) => gameCodeOf(g.vassalage, g.name));
  const catalogue = await db
    .selectFrom('games')
    .select(['id', 'game_code', 'min_bet', 'max_bet'])
    .where('merchant_id', '=', merchantId)
    .where('game_code', 'in', codes)
    .execute();
  const rows = DEMO_LOTTERY_GAMES.flatMap((game, index) => {
    const listed = catalogue.find((c) => c.game_code === codes[index]);
    if (!listed) return [];
    return [
      {
        merchant_id: merchantId,
        game_id: listed.id,
        code: listed.game_code,
        format: game.format,
        schedule_kind: game.every ? ('interval' as const) : ('daily' as const),
        every_seconds: game.every ?? null,
        draw_time: game.at ?? null,
        time_zone: game.timeZone,
        close_before_seconds: game.closeBeforeSeconds,
        odds: JSON.stringify(DEFAULT_LOTTERY_ODDS[game.format]),
        prize_mode: game.prizeMode,
        group_code: game.group,
        min_bet: listed.min_bet,
        max_bet: listed.max_bet,
        sort_order: (index + 1) * 10,
      },
    ];
  });
  if (rows.length) await db.insertInto('lottery_games').values(rows).execute();
}
