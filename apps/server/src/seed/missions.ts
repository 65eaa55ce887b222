import type { Db } from '../db/database.ts';
import { ledger } from '../modules/ledger/ledger.ts';
import { missions } from '../modules/missions/missions.ts';

const DAY_MS = 86_400_000;

/** Midnight in Dhaka (+06:00) `days` days from today (negative: ago). */
function dhakaMidnight(days: number): Date {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00+06:00`) + days * DAY_MS);
}

/**
 * Demo-only (issue 14 item 6): two open missions — a weekly ladder of valid bets on slots and our
 * own games (3 milestones) and a 30-day deposit challenge (2 milestones) — counted once from the
 * demo team's real rounds and deposits, so the missions page and its leaderboard have progress.
 */
export async function seedMissionDemo(db: Db, merchantId: number): Promise<void> {
  const ladderStart = dhakaMidnight(-3);
  const depositStart = dhakaMidnight(-21);
  const ladder = await db
    .insertInto('missions')
    .values({
      merchant_id: merchantId,
      title: JSON.stringify({ bn: 'সাপ্তাহিক স্লট সিঁড়ি', en: 'Weekly slots ladder' }),
      description: JSON.stringify({
        bn: 'এই সপ্তাহে স্লট ও খেলা অরিজিনালসে বৈধ বাজি ধরুন এবং প্রতিটি ধাপে পুরস্কার নিন।',
        en: 'Place valid bets on slots and Khela originals this week and claim a reward at every step.',
      }),
      starts_at: ladderStart,
      ends_at: new Date(ladderStart.getTime() + 7 * DAY_MS),
      goal_kind: 'validBet',
      product_types: ['RNG', 'INHOUSE'],
      game_id: null,
      counted_through: ladderStart,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const deposit = await db
    .insertInto('missions')
    .values({
      merchant_id: merchantId,
      title: JSON.stringify({ bn: 'ডিপোজিট চ্যালেঞ্জ', en: 'Deposit challenge' }),
      description: JSON.stringify({
        bn: '৩০ দিনের মধ্যে মোট ডিপোজিট বাড়ান এবং বোনাস জিতুন।',
        en: 'Build up your deposits within 30 days and win a bonus.',
      }),
      starts_at: depositStart,
      ends_at: new Date(depositStart.getTime() + 30 * DAY_MS),
      goal_kind: 'deposit',
      product_types: null,
      game_id: null,
      counted_through: depositStart,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('mission_milestones')
    .values([
      { mission_id: ladder.id, sequence: 1, target: 50_000n, reward_amount: 1_000n, turnover_multiple: 1 },
      { mission_id: ladder.id, sequence: 2, target: 150_000n, reward_amount: 4_000n, turnover_multiple: 1 },
      { mission_id: ladder.id, sequence: 3, target: 500_000n, reward_amount: 15_000n, turnover_multiple: 3 },
      { mission_id: deposit.id, sequence: 1, target: 500_000n, reward_amount: 5_000n, turnover_multiple: 1 },
      { mission_id: deposit.id, sequence: 2, target: 2_000_000n, reward_amount: 20_000n, turnover_multiple: 3 },
    ])
    .execute();
  await missions({ db, ledger: ledger({ db }) }).runPass(new Date());
}
