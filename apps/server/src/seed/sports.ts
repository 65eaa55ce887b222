import type { SportCode, SportsMarketInput } from '@khela/contracts';
import type { Db } from '../db/database.ts';
import { ledger as createLedger } from '../modules/ledger/ledger.ts';
import type { SecretBox } from '../modules/secrets/secret-box.ts';
import { sportsBook } from '../modules/sports/book.ts';

const MINUTE = 60_000;
const limits = { minStake: '10.00', maxStake: '50000.00' };
const odds = (value: number) => (value / 100).toFixed(2);

const oneXTwo = (home: number, draw: number, away: number): SportsMarketInput => ({
  type: 'ONE_X_TWO',
  ...limits,
  odds: { HOME: odds(home), DRAW: odds(draw), AWAY: odds(away) },
});
const handicap = (line: string, home: number, away: number): SportsMarketInput => ({
  type: 'HANDICAP',
  line,
  ...limits,
  odds: { HOME: odds(home), AWAY: odds(away) },
});
const overUnder = (line: string, over: number, under: number): SportsMarketInput => ({
  type: 'OVER_UNDER',
  line,
  ...limits,
  odds: { OVER: odds(over), UNDER: odds(under) },
});
const btts = (yes: number, no: number): SportsMarketInput => ({
  type: 'BTTS',
  ...limits,
  odds: { YES: odds(yes), NO: odds(no) },
});
const winner = (home: number, away: number): SportsMarketInput => ({
  type: 'MATCH_WINNER',
  ...limits,
  odds: { HOME: odds(home), AWAY: odds(away) },
});
const mapHandicap = (line: string, home: number, away: number): SportsMarketInput => ({
  type: 'MAP_HANDICAP',
  line,
  ...limits,
  odds: { HOME: odds(home), AWAY: odds(away) },
});

type Team = [en: string, bn: string];
interface DemoEvent {
  sport: SportCode;
  competition: [code: string, en: string, bn: string];
  home: Team;
  away: Team;
  /** Minutes from now; a negative start is in play. */
  startsIn: number;
  score?: [number, number];
  hot?: boolean;
  markets: SportsMarketInput[];
}

const EPL: DemoEvent['competition'] = ['EPL', 'Premier League', 'প্রিমিয়ার লিগ'];
const BPL: DemoEvent['competition'] = ['BPL', 'Bangladesh Premier League', 'বাংলাদেশ প্রিমিয়ার লিগ'];
const NBA: DemoEvent['competition'] = ['NBA', 'NBA', 'এনবিএ'];
const CS_MAJOR: DemoEvent['competition'] = ['CS2_MAJOR', 'CS2 Major', 'সিএস২ মেজর'];
const DOTA_TI: DemoEvent['competition'] = ['DOTA2_INTL', 'The International', 'দ্য ইন্টারন্যাশনাল'];

const football = (line: string, homeOdds: number, awayOdds: number) => [
  oneXTwo(homeOdds, 340, awayOdds),
  handicap(line, 190, 195),
  overUnder('2.50', 185, 195),
  overUnder('2.25', 170, 212),
  btts(175, 200),
];

const EVENTS: DemoEvent[] = [
  {
    sport: 'FOOTBALL',
    competition: EPL,
    home: ['Arsenal', 'আর্সেনাল'],
    away: ['Chelsea', 'চেলসি'],
    startsIn: -35,
    score: [1, 0],
    hot: true,
    markets: football('-0.25', 180, 420),
  },
  {
    sport: 'FOOTBALL',
    competition: EPL,
    home: ['Liverpool', 'লিভারপুল'],
    away: ['Manchester City', 'ম্যানচেস্টার সিটি'],
    startsIn: 90,
    hot: true,
    markets: football('0.00', 250, 270),
  },
  {
    sport: 'FOOTBALL',
    competition: ['BPL_FOOTBALL', 'Bangladesh Football League', 'বাংলাদেশ ফুটবল লিগ'],
    home: ['Abahani', 'আবাহনী'],
    away: ['Mohammedan', 'মোহামেডান'],
    startsIn: 240,
    markets: football('-0.75', 205, 330),
  },
  {
    sport: 'CRICKET',
    competition: BPL,
    home: ['Dhaka Capitals', 'ঢাকা ক্যাপিটালস'],
    away: ['Rangpur Riders', 'রংপুর রাইডার্স'],
    startsIn: -60,
    score: [142, 98],
    hot: true,
    markets: [winner(165, 220), overUnder('320.50', 190, 190)],
  },
  {
    sport: 'CRICKET',
    competition: BPL,
    home: ['Chattogram Challengers', 'চট্টগ্রাম চ্যালেঞ্জার্স'],
    away: ['Sylhet Strikers', 'সিলেট স্ট্রাইকার্স'],
    startsIn: 180,
    markets: [winner(190, 190), overUnder('310.50', 187, 193)],
  },
  {
    sport: 'BASKETBALL',
    competition: NBA,
    home: ['Boston Celtics', 'বোস্টন সেল্টিকস'],
    away: ['Los Angeles Lakers', 'লস অ্যাঞ্জেলেস লেকার্স'],
    startsIn: 300,
    markets: [winner(150, 260), handicap('-5.50', 190, 190), overUnder('221.50', 188, 192)],
  },
  {
    sport: 'BASKETBALL',
    competition: NBA,
    home: ['Golden State Warriors', 'গোল্ডেন স্টেট ওয়ারিয়র্স'],
    away: ['Denver Nuggets', 'ডেনভার নাগেটস'],
    startsIn: -20,
    score: [54, 49],
    markets: [winner(170, 215), handicap('-2.50', 192, 188), overUnder('228.50', 190, 190)],
  },
  {
    sport: 'ESPORTS_CS2',
    competition: CS_MAJOR,
    home: ['Natus Vincere', 'নাটাস ভিনসেরে'],
    away: ['FaZe Clan', 'ফেজ ক্ল্যান'],
    startsIn: -25,
    score: [1, 0],
    hot: true,
    markets: [winner(155, 240), mapHandicap('-1.50', 260, 150)],
  },
  {
    sport: 'ESPORTS_CS2',
    competition: CS_MAJOR,
    home: ['Team Vitality', 'টিম ভাইটালিটি'],
    away: ['G2 Esports', 'জি২ ই-স্পোর্টস'],
    startsIn: 120,
    markets: [winner(175, 205), mapHandicap('-1.50', 300, 138)],
  },
  {
    sport: 'ESPORTS_CS2',
    competition: CS_MAJOR,
    home: ['MOUZ', 'মাউজ'],
    away: ['Team Spirit', 'টিম স্পিরিট'],
    startsIn: 360,
    markets: [winner(200, 180), mapHandicap('1.50', 130, 330)],
  },
  {
    sport: 'ESPORTS_DOTA2',
    competition: DOTA_TI,
    home: ['Team Liquid', 'টিম লিকুইড'],
    away: ['Gaimin Gladiators', 'গেইমিন গ্ল্যাডিয়েটরস'],
    startsIn: 60,
    hot: true,
    markets: [winner(185, 195), mapHandicap('-1.50', 280, 142)],
  },
  {
    sport: 'ESPORTS_DOTA2',
    competition: DOTA_TI,
    home: ['Tundra Esports', 'টুন্ড্রা ই-স্পোর্টস'],
    away: ['Team Falcons', 'টিম ফ্যালকনস'],
    startsIn: 420,
    markets: [winner(210, 170), mapHandicap('1.50', 125, 360)],
  },
];

/**
 * Issue 15 item 3: our sportsbook in the SPORTS and ESPORTS categories with a dozen events —
 * football, cricket, basketball, CS2 and Dota 2, some in play, some to come, a few hot — so the
 * pages have content on first start. Made through the book's own upsertEvent.
 */
export async function seedSportsDemo(db: Db, merchantId: number, secrets: SecretBox): Promise<void> {
  const book = sportsBook({ db, ledger: createLedger({ db }), secrets });
  const now = Date.now();
  for (const [index, demo] of EVENTS.entries()) {
    const [code, en, bn] = demo.competition;
    const { eventId } = await book.upsertEvent(
      { merchantId },
      {
        externalId: `demo-${index + 1}`,
        sport: demo.sport,
        competition: { code, name: { en, bn } },
        home: { en: demo.home[0], bn: demo.home[1] },
        away: { en: demo.away[0], bn: demo.away[1] },
        startsAt: new Date(now + demo.startsIn * MINUTE).toISOString(),
        isHot: demo.hot ?? false,
        markets: demo.markets,
      },
      db,
    );
    if (demo.score) {
      await db
        .updateTable('sports_events')
        .set({ status: 'live', home_score: demo.score[0], away_score: demo.score[1] })
        .where('id', '=', BigInt(eventId))
        .execute();
    }
  }
}
