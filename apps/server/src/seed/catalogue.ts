import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CatalogueStatus, GameCategory, GamesTable, WalletMode } from '../db/schema.ts';
import { DEMO_TRANSFER_VENDOR, DEMO_VENDOR } from './vendors.ts';

/** [English name, Bengali name, classification, the vendor's id of it] of a demo game. */
type DemoGame = readonly [en: string, bn: string, classify: string, vendorGameId?: string];

export interface DemoVendor {
  vassalage: string;
  name: { en: string; bn: string };
  category: GameCategory;
  /** seamless (the default) plays through SANDBOX; transfer through SANDBOX_TW; inhouse is ours (issue 12). */
  walletMode?: WalletMode;
  status?: CatalogueStatus;
  supportsTrial?: boolean;
  /** A §3 VASSALAGE tile: an entry that opens this vendor's game list. */
  listTile?: boolean;
  games: readonly DemoGame[];
}

const numbered = (count: number, en: string, bn: string, classify: string): DemoGame[] =>
  Array.from({ length: count }, (_, i) => [`${en} ${i + 1}`, `${bn} ${'১২৩৪৫৬৭৮৯'[i]}`, classify] as const);
const slots = (names: readonly (readonly [string, string])[]): DemoGame[] => names.map(([en, bn]) => [en, bn, 'SLOT']);

/**
 * The demo catalogue (issue 11 item 1): invented vendors in every §3 category, with the vassalage
 * codes §4 routes by (JL for INHOUSE; IMES and SV3 come as SPORTS and get lanes of their own;
 * TCG_LOTTO_VN and TCG_SEA open the lottery pages), and their games. Every game and vendor has an
 * icon of its own under apps/web/public/games, drawn from this list by scripts/render-game-icons.ts.
 * Demo data like the accounts: never seeded in production.
 */
export const DEMO_VENDORS: readonly DemoVendor[] = [
  {
    vassalage: 'SHOBUJ',
    name: { en: 'Shobuj Math Sports', bn: 'সবুজ মাঠ স্পোর্টস' },
    category: 'SPORTS',
    games: [
      ['Sportsbook', 'স্পোর্টসবুক', 'SPORTSBOOK'],
      ['Cricket Exchange', 'ক্রিকেট এক্সচেঞ্জ', 'EXCHANGE'],
      ['Virtual Football', 'ভার্চুয়াল ফুটবল', 'VIRTUAL'],
      ['Virtual Cricket', 'ভার্চুয়াল ক্রিকেট', 'VIRTUAL'],
    ],
  },
  {
    vassalage: 'BOUNDARY',
    name: { en: 'Boundary Sports', bn: 'বাউন্ডারি স্পোর্টস' },
    category: 'SPORTS',
    games: [
      ['Boundary Sportsbook', 'বাউন্ডারি স্পোর্টসবুক', 'SPORTSBOOK'],
      ['Kabaddi Live', 'কাবাডি লাইভ', 'SPORTSBOOK'],
      ['Virtual Horse Racing', 'ভার্চুয়াল ঘোড়দৌড়', 'VIRTUAL'],
    ],
  },
  {
    // §4: an esports vendor in the SPORTS category, shown in the ESPORTS lane.
    vassalage: 'IMES',
    name: { en: 'Pixel Arena Esports', bn: 'পিক্সেল এরিনা ই-স্পোর্টস' },
    category: 'SPORTS',
    games: [
      ['Esports Arena', 'ই-স্পোর্টস এরিনা', 'ESPORTS'],
      ['Battle Royale Bets', 'ব্যাটল রয়্যাল বাজি', 'ESPORTS'],
      ['MOBA Masters', 'মোবা মাস্টার্স', 'ESPORTS'],
    ],
  },
  {
    vassalage: 'TF',
    name: { en: 'Tournament Forge', bn: 'টুর্নামেন্ট ফোর্জ' },
    category: 'ESPORTS',
    games: [
      ['Forge Esports', 'ফোর্জ ই-স্পোর্টস', 'ESPORTS'],
      ['Shooter League', 'শুটার লিগ', 'ESPORTS'],
      ['Strategy Cup', 'স্ট্র্যাটেজি কাপ', 'ESPORTS'],
    ],
  },
  {
    // §4: a cockfight vendor in the SPORTS category, shown in the COCKFIGHT lane.
    vassalage: 'SV3',
    name: { en: 'Morog Arena', bn: 'মোরগ এরিনা' },
    category: 'SPORTS',
    games: [
      ['Cockfight Live', 'মোরগ লড়াই লাইভ', 'COCKFIGHT'],
      ['Derby Cockfight', 'ডার্বি মোরগ লড়াই', 'COCKFIGHT'],
    ],
  },
  {
    vassalage: 'PADMA',
    name: { en: 'Padma Live', bn: 'পদ্মা লাইভ' },
    category: 'LIVE',
    supportsTrial: true,
    games: [
      ...numbered(4, 'Padma Baccarat', 'পদ্মা ব্যাকারাট', 'BACCARAT'),
      ['No Commission Baccarat', 'নো কমিশন ব্যাকারাট', 'BACCARAT'],
      ['Padma Roulette', 'পদ্মা রুলেট', 'ROULETTE'],
      ['Double Ball Roulette', 'ডাবল বল রুলেট', 'ROULETTE'],
      ['Dragon Tiger', 'ড্রাগন টাইগার', 'CARD'],
      ['Andar Bahar', 'আন্দার বাহার', 'CARD'],
      ['Teen Patti Live', 'তিন পাত্তি লাইভ', 'CARD'],
      ['Sic Bo', 'সিক বো', 'DICE'],
      ['Blackjack Classic', 'ব্ল্যাকজ্যাক ক্লাসিক', 'BLACKJACK'],
      ['Wheel of Rivers', 'নদীর চাকা', 'GAMESHOW'],
      ['Lucky Lantern Show', 'ভাগ্য লণ্ঠন শো', 'GAMESHOW'],
    ],
  },
  {
    // The transfer-wallet vendor: money moves to its wallet at launch (SANDBOX_TW).
    vassalage: 'MEGHNA',
    name: { en: 'Meghna Live', bn: 'মেঘনা লাইভ' },
    category: 'LIVE',
    walletMode: 'transfer',
    games: [
      ...numbered(3, 'Meghna Baccarat', 'মেঘনা ব্যাকারাট', 'BACCARAT'),
      ['Meghna Roulette', 'মেঘনা রুলেট', 'ROULETTE'],
      ['Meghna Dragon Tiger', 'মেঘনা ড্রাগন টাইগার', 'CARD'],
      ['Fan Tan', 'ফ্যান ট্যান', 'DICE'],
      ['Colour Dice', 'কালার ডাইস', 'DICE'],
      ['Blackjack VIP', 'ব্ল্যাকজ্যাক ভিআইপি', 'BLACKJACK'],
    ],
  },
  {
    // Issue 12: our own provably fair games, in the INHOUSE lane; each game's vendor id names its engine.
    vassalage: 'KHELA',
    name: { en: 'Khela Originals', bn: 'খেলা অরিজিনালস' },
    category: 'RNG',
    walletMode: 'inhouse',
    games: [
      ['Sonar Bangla Slot', 'সোনার বাংলা স্লট', 'SLOT', 'slot'],
      ['Dice', 'ডাইস', 'DICE', 'dice'],
      ['Mines', 'মাইনস', 'MINES', 'mines'],
      ['Andar Bahar', 'আন্দার বাহার', 'CARD', 'andar-bahar'],
      ['Rocket Crash', 'রকেট ক্র্যাশ', 'CRASH', 'crash'],
    ],
  },
  {
    // §2: /rng?vassalage=INHOUSE is JL's list; §4 moves JL from the RNG lane to INHOUSE.
    vassalage: 'JL',
    name: { en: 'Jhilmil Games', bn: 'ঝিলমিল গেমস' },
    category: 'RNG',
    supportsTrial: true,
    games: [
      ...slots([
        ['Royal Bengal Tiger', 'রয়্যাল বেঙ্গল টাইগার'],
        ['Hilsa Harvest', 'ইলিশের মৌসুম'],
        ['Monsoon Riches', 'বর্ষার ধন'],
        ['Lotus Fortune', 'পদ্ম ভাগ্য'],
        ['Rickshaw Rally', 'রিকশা র‍্যালি'],
        ['Mango Grove', 'আমবাগান'],
        ['Tea Garden Gold', 'চা বাগানের সোনা'],
        ['Nouka Baich', 'নৌকা বাইচ'],
        ['Kite Festival', 'ঘুড়ি উৎসব'],
        ['Golden Deer', 'সোনার হরিণ'],
        ['Elephant Parade', 'হাতির মিছিল'],
        ['Spice Bazaar', 'মশলার বাজার'],
        ['Terracotta Temple', 'পোড়ামাটির মন্দির'],
        ['Jamdani Jewels', 'জামদানি রত্ন'],
        ['Baul Beats', 'বাউল তাল'],
      ]),
      ['Rocket Rickshaw', 'রকেট রিকশা', 'CRASH'],
      ['Kite Crash', 'ঘুড়ি ক্র্যাশ', 'CRASH'],
      ['Sylhet Gold Mines', 'সিলেটের সোনার খনি', 'MINES'],
      ['Plinko Paddy', 'প্লিঙ্কো ধানক্ষেত', 'ARCADE'],
      ['Carrom Flick', 'ক্যারম ফ্লিক', 'ARCADE'],
      ['Lucky Dice 7', 'লাকি ডাইস ৭', 'DICE'],
      ['Rummy Rush', 'রামি রাশ', 'TABLE'],
      ['Ludo Dash', 'লুডো ড্যাশ', 'TABLE'],
      ['Jhilmil Keno', 'ঝিলমিল কেনো', 'KENO'],
    ],
  },
  {
    vassalage: 'NAKSHI',
    name: { en: 'Nakshi Spin', bn: 'নকশি স্পিন' },
    category: 'RNG',
    supportsTrial: true,
    listTile: true,
    games: [
      ...slots([
        ['Nakshi Kantha', 'নকশিকাঁথা'],
        ['Pohela Boishakh', 'পহেলা বৈশাখ'],
        ['Shonar Tori', 'সোনার তরী'],
        ['Chandrabindu Stars', 'চন্দ্রবিন্দু তারা'],
        ['Dhaka Nights', 'ঢাকার রাত'],
        ["Cox's Bazar Waves", 'কক্সবাজারের ঢেউ'],
        ['Sylhet Tea Spins', 'সিলেট চা স্পিন'],
        ['Rajshahi Mangoes', 'রাজশাহীর আম'],
        ['Shundori Peacock', 'সুন্দরী ময়ূর'],
        ['Bioscope Reels', 'বায়োস্কোপ রিল'],
        ['Rangpur Rhythm', 'রংপুরের ছন্দ'],
        ['Chittagong Treasure', 'চট্টগ্রামের গুপ্তধন'],
        ['Jatra Jackpot', 'যাত্রা জ্যাকপট'],
        ['Kolshi Coins', 'কলসির মুদ্রা'],
        ['Dhol Drum Wins', 'ঢোলের জয়'],
        ['Alpona Art', 'আলপনা'],
        ['Shapla Bloom', 'শাপলা ফুল'],
        ['Fuchka Fortune', 'ফুচকা ভাগ্য'],
        ['Mela Magic', 'মেলার জাদু'],
        ['Bakul Blossom', 'বকুল ফুল'],
      ]),
      ['Nakshi Keno', 'নকশি কেনো', 'KENO'],
      ['Turbo Keno 80', 'টার্বো কেনো ৮০', 'KENO'],
      ['Scratch Golden Deer', 'স্ক্র্যাচ সোনার হরিণ', 'SCRATCH'],
      ['Scratch Cricket', 'স্ক্র্যাচ ক্রিকেট', 'SCRATCH'],
    ],
  },
  {
    vassalage: 'DOEL',
    name: { en: 'Doel Reels', bn: 'দোয়েল রিলস' },
    category: 'RNG',
    supportsTrial: true,
    games: [
      ...slots([
        ['Doel Song', 'দোয়েলের গান'],
        ['Kingfisher Gold', 'মাছরাঙার সোনা'],
        ['Bamboo Bridge', 'বাঁশের সাঁকো'],
        ['River Queen', 'নদীর রানি'],
        ['Lucky Lantern', 'ভাগ্যের লণ্ঠন'],
        ['Fortune Drum', 'ভাগ্যের ঢোল'],
        ['Jackfruit Jackpot', 'কাঁঠাল জ্যাকপট'],
        ['Star Cricketer', 'তারকা ক্রিকেটার'],
        ['Moonlit Lake', 'জ্যোৎস্না হ্রদ'],
        ['Treasure Char', 'চরের গুপ্তধন'],
        ['Silk Saree', 'রেশমি শাড়ি'],
        ['Ferry Ghat', 'ফেরিঘাট'],
        ['Hawker Hustle', 'হকারের হাঁক'],
        ['Rainy Rooftop', 'বৃষ্টিভেজা ছাদ'],
        ['Winter Pitha', 'শীতের পিঠা'],
        ['Palki Procession', 'পালকির শোভাযাত্রা'],
      ]),
      ['Doel Flight', 'দোয়েলের উড়াল', 'CRASH'],
      ['Diamond Delta', 'হীরার ব-দ্বীপ', 'MINES'],
      ['Coin Pusher Mela', 'কয়েন পুশার মেলা', 'ARCADE'],
      ['Balloon Pop', 'বেলুন পপ', 'ARCADE'],
    ],
  },
  {
    vassalage: 'SHAPLA',
    name: { en: 'Shapla Arcade', bn: 'শাপলা আর্কেড' },
    category: 'RNG',
    supportsTrial: true,
    games: [
      ['Sky Rocket', 'আকাশ রকেট', 'CRASH'],
      ['Paper Plane', 'কাগজের প্লেন', 'CRASH'],
      ['Limbo Leap', 'লিম্বো লাফ', 'CRASH'],
      ['Minefield Gold', 'মাইনফিল্ড গোল্ড', 'MINES'],
      ['Plinko Pond', 'প্লিঙ্কো পুকুর', 'ARCADE'],
      ['Hi-Lo Cards', 'হাই-লো কার্ড', 'ARCADE'],
      ['Coin Toss Duel', 'কয়েন টস ডুয়েল', 'ARCADE'],
      ['Dice Tower', 'ডাইস টাওয়ার', 'DICE'],
    ],
  },
  {
    vassalage: 'SUNDAR',
    name: { en: 'Sundarban Fishing', bn: 'সুন্দরবন ফিশিং' },
    category: 'FISH',
    supportsTrial: true,
    games: [
      ['Sundarban Hunt', 'সুন্দরবন শিকার', 'FISHING'],
      ['Padma Catch', 'পদ্মার শিকার', 'FISHING'],
      ['Mangrove Mayhem', 'ম্যানগ্রোভ তাণ্ডব', 'FISHING'],
      ['Golden Hilsa', 'সোনালি ইলিশ', 'FISHING'],
      ['Dolphin Dash', 'ডলফিনের দৌড়', 'FISHING'],
      ['Crab Kingdom', 'কাঁকড়ার রাজ্য', 'FISHING'],
      ['Tiger Prawn Party', 'বাগদা চিংড়ির ভোজ', 'FISHING'],
      ['Deep Bay Boss', 'গভীর উপসাগরের বস', 'FISHING'],
      ['Net Master', 'জালের ওস্তাদ', 'FISHING'],
      ['Lantern Fishing', 'লণ্ঠন ফিশিং', 'FISHING'],
      ['Storm Sea Hunt', 'ঝড়ের সাগরে শিকার', 'FISHING'],
      ['Pearl Diver', 'মুক্তা ডুবুরি', 'FISHING'],
    ],
  },
  {
    // The vendor in maintenance: listed, its games refused at launch (§8 game maintenance).
    vassalage: 'KARNA',
    name: { en: 'Karnaphuli Fishing', bn: 'কর্ণফুলী ফিশিং' },
    category: 'FISH',
    status: 'maintenance',
    games: [
      ['Karnaphuli Catch', 'কর্ণফুলীর শিকার', 'FISHING'],
      ['Shark Storm', 'হাঙরের ঝড়', 'FISHING'],
      ['Coral Quest', 'প্রবাল অভিযান', 'FISHING'],
    ],
  },
  {
    vassalage: 'TASH',
    name: { en: 'Tash Adda', bn: 'তাস আড্ডা' },
    category: 'PVP',
    games: [
      ['Teen Patti', 'তিন পাত্তি', 'POKER'],
      ['Teen Patti 20-20', 'তিন পাত্তি ২০-২০', 'POKER'],
      ['Rummy', 'রামি', 'RUMMY'],
      ['Rummy 13 Cards', 'রামি ১৩ কার্ড', 'RUMMY'],
      ['Call Break', 'কল ব্রেক', 'CARD'],
      ['Twenty Nine', 'টুয়েন্টি নাইন', 'CARD'],
      ['Ludo Adda', 'লুডো আড্ডা', 'BOARD'],
      ['Ludo Quick', 'লুডো কুইক', 'BOARD'],
      ['Carrom Clash', 'ক্যারম ক্ল্যাশ', 'BOARD'],
      ['Texas Holdem', 'টেক্সাস হোল্ডেম', 'POKER'],
      ['Omaha', 'ওমাহা', 'POKER'],
      ['Jhandi Munda', 'ঝান্ডি মুন্ডা', 'DICE'],
    ],
  },
  {
    // §4: TCG_LOTTO_VN's games open /vnLottery?gameCode=….
    vassalage: 'TCG_LOTTO_VN',
    name: { en: 'Mekong Lottery', bn: 'মেকং লটারি' },
    category: 'LOTT',
    games: [
      ['North Lottery', 'উত্তর লটারি', 'LOTTO'],
      ['South Lottery', 'দক্ষিণ লটারি', 'LOTTO'],
      ['Central Lottery', 'মধ্য লটারি', 'LOTTO'],
      ['Speed Lottery 1 min', 'স্পিড লটারি ১ মিনিট', 'FAST'],
      ['Speed Lottery 5 min', 'স্পিড লটারি ৫ মিনিট', 'FAST'],
    ],
  },
  {
    // §4: TCG_SEA's games open /seaLottery?gameCode=….
    vassalage: 'TCG_SEA',
    name: { en: 'Sagor Lottery', bn: 'সাগর লটারি' },
    category: 'LOTT',
    games: [
      ['Sea Lotto 4D', 'সাগর লটো ৪ডি', 'LOTTO'],
      ['Sea Lotto 6 of 45', 'সাগর লটো ৪৫-এ ৬', 'LOTTO'],
      ['Sea Quick Draw', 'সাগর কুইক ড্র', 'FAST'],
    ],
  },
  {
    // §4: an ELOTT vendor, whose games open /lottery?gameCode=….
    vassalage: 'BHAGYA',
    name: { en: 'Bhagya Lotto', bn: 'ভাগ্য লটো' },
    category: 'ELOTT',
    games: [
      ['Lucky 5D', 'লাকি ৫ডি', 'LOTTO'],
      ['Pick 3', 'পিক ৩', 'LOTTO'],
      ['Fast 3', 'ফাস্ট ৩', 'FAST'],
      ['Keno 80', 'কেনো ৮০', 'KENO'],
      ['Colour Draw 1 min', 'কালার ড্র ১ মিনিট', 'FAST'],
      ['Colour Draw 3 min', 'কালার ড্র ৩ মিনিট', 'FAST'],
    ],
  },
];

/** The launch URL contract (docs/api.md#games): {cdn} is one of the merchant's launchGameCDNs. */
export const DEMO_LAUNCH_TEMPLATE =
  '{cdn}/play?token={token}&game={gameCode}&type={gameType}&lang={language}&mode={mode}&currency={currency}&back={backUrl}';

/** The hot games strip, in rank order: a few of every category's. */
const HOT = [
  'PADMA:Padma Baccarat 1',
  'KHELA:Dice',
  'JL:Royal Bengal Tiger',
  'SUNDAR:Golden Hilsa',
  'TASH:Teen Patti',
  'JL:Rocket Rickshaw',
  'NAKSHI:Pohela Boishakh',
  'PADMA:Dragon Tiger',
  'DOEL:Star Cricketer',
  'JL:Hilsa Harvest',
  'TASH:Rummy',
  'SHOBUJ:Cricket Exchange',
  'SUNDAR:Sundarban Hunt',
  'MEGHNA:Meghna Baccarat 1',
  'SHAPLA:Sky Rocket',
  'BHAGYA:Colour Draw 1 min',
  'NAKSHI:Fuchka Fortune',
];
const NEW = new Set([
  'KHELA:Sonar Bangla Slot',
  'KHELA:Mines',
  'JL:Baul Beats',
  'DOEL:Palki Procession',
  'SUNDAR:Pearl Diver',
  'PADMA:Lucky Lantern Show',
  'NAKSHI:Bakul Blossom',
  'SHAPLA:Limbo Leap',
  'TF:Strategy Cup',
  'BHAGYA:Pick 3',
]);
/** A game of its own in maintenance (its vendor is on). */
const IN_MAINTENANCE = new Set(['PADMA:Double Ball Roulette']);

/** Bet limits in minor units by category: tables and sports take larger bets than slots. */
const BET_LIMITS: Record<GameCategory, readonly [bigint, bigint]> = {
  LIVE: [1_000n, 50_000_000n],
  RNG: [100n, 1_000_000n],
  FISH: [100n, 500_000n],
  PVP: [500n, 2_000_000n],
  SPORTS: [1_000n, 100_000_000n],
  ESPORTS: [1_000n, 20_000_000n],
  COCKFIGHT: [1_000n, 20_000_000n],
  LOTT: [100n, 5_000_000n],
  ELOTT: [100n, 5_000_000n],
};

/** A file name from an English name: "Teen Patti 20-20" → "teen-patti-20-20". */
export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
export const gameIconPath = (vassalage: string, name: string) =>
  `/games/${vassalage.toLowerCase().replace(/_/g, '-')}/${slugOf(name)}.svg`;
export const vendorLogoPath = (vassalage: string) => `/games/vendors/${vassalage.toLowerCase().replace(/_/g, '-')}.svg`;
export const gameCodeOf = (vassalage: string, name: string) => `${vassalage.toLowerCase()}-${slugOf(name)}`;

export async function seedCatalogue(db: Db, merchantId: number): Promise<void> {
  const integrations = await db
    .selectFrom('vendors')
    .select(['id', 'code'])
    .where('merchant_id', '=', merchantId)
    .where('code', 'in', [DEMO_VENDOR.code, DEMO_TRANSFER_VENDOR.code])
    .execute();
  const integrationOf = (mode: WalletMode) =>
    mode === 'inhouse'
      ? null
      : integrations.find((i) => i.code === (mode === 'transfer' ? DEMO_TRANSFER_VENDOR.code : DEMO_VENDOR.code))!.id;

  for (const [order, vendor] of DEMO_VENDORS.entries()) {
    const walletMode = vendor.walletMode ?? 'seamless';
    const { id: vendorId } = await db
      .insertInto('game_vendors')
      .values({
        merchant_id: merchantId,
        vassalage: vendor.vassalage,
        display_name: JSON.stringify(vendor.name),
        logo_url: vendorLogoPath(vendor.vassalage),
        category: vendor.category,
        wallet_mode: walletMode,
        integration_id: integrationOf(walletMode),
        launch_url_template: DEMO_LAUNCH_TEMPLATE,
        status: vendor.status ?? 'on',
        sort_order: (order + 1) * 10,
        supports_trial: vendor.supportsTrial ?? false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [minBet, maxBet] = BET_LIMITS[vendor.category];
    const rows = vendor.games.map(([en, bn, classify, vendorGameId], index): Insertable<GamesTable> => {
      const key = `${vendor.vassalage}:${en}`;
      const hotRank = HOT.indexOf(key) + 1;
      return {
        merchant_id: merchantId,
        vendor_id: vendorId,
        game_code: gameCodeOf(vendor.vassalage, en),
        vendor_game_id: vendorGameId ?? `${vendor.vassalage}-${String(index + 1).padStart(3, '0')}`,
        is_game: 'GAME',
        game_type: vendor.category,
        name: JSON.stringify({ en, bn }),
        icon_url: gameIconPath(vendor.vassalage, en),
        large_icon_url: gameIconPath(vendor.vassalage, en),
        game_classify: classify,
        hot: hotRank > 0,
        hot_rank: hotRank > 0 ? hotRank : null,
        is_new: NEW.has(key),
        status: IN_MAINTENANCE.has(key) ? 'maintenance' : 'on',
        min_bet: minBet,
        max_bet: maxBet,
        sort_order: (index + 1) * 10,
      };
    });
    if (vendor.listTile) {
      rows.unshift({
        ...rows[0]!,
        game_code: `${vendor.vassalage.toLowerCase()}-all-games`,
        vendor_game_id: `${vendor.vassalage}-LOBBY`,
        is_game: 'VASSALAGE',
        name: JSON.stringify({ en: `All ${vendor.name.en} games`, bn: `${vendor.name.bn}-এর সব গেম` }),
        icon_url: vendorLogoPath(vendor.vassalage),
        large_icon_url: vendorLogoPath(vendor.vassalage),
        game_classify: null,
        hot: false,
        hot_rank: null,
        is_new: false,
        sort_order: 0,
      });
    }
    await db.insertInto('games').values(rows).execute();
  }
}
