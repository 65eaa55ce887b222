import type { Db } from '../db/database.ts';
import { postPoints } from '../modules/points/points-ledger.ts';
import { DEMO_PLAYERS } from './accounts.ts';

/** The demo goods (issue 14 item 3): each has a picture of its own in apps/web/public/demo/points (scripts/render-point-goods.mjs). */
export const DEMO_POINT_GOODS = [
  { slug: 'jersey', en: 'Cricket team jersey', bn: 'ক্রিকেট দলের জার্সি', points: 800, stock: 25, amount: 0n },
  { slug: 'cap', en: 'Khela cap', bn: 'খেলা টুপি', points: 300, stock: 60, amount: 0n },
  { slug: 'earbuds', en: 'Wireless earbuds', bn: 'ওয়্যারলেস ইয়ারবাড', points: 2_500, stock: 12, amount: 500_000n },
  { slug: 'mug', en: 'Coffee mug', bn: 'কফি মগ', points: 150, stock: 100, amount: 0n },
  { slug: 'power-bank', en: 'Power bank', bn: 'পাওয়ার ব্যাংক', points: 1_800, stock: 15, amount: 200_000n },
  { slug: 'phone', en: 'Smartphone', bn: 'স্মার্টফোন', points: 20_000, stock: 2, amount: 5_000_000n },
  { slug: 'voucher', en: 'Mobile top-up 100', bn: 'মোবাইল রিচার্জ ১০০', points: 500, stock: 200, amount: 0n },
  { slug: 'bat', en: 'Signed cricket bat', bn: 'স্বাক্ষরিত ক্রিকেট ব্যাট', points: 6_000, stock: 1, amount: 1_000_000n },
] as const;

export const pointGoodsImagePath = (slug: string) => `/demo/points/${slug}.svg`;

/** Demo points each demo player starts with. */
const DEMO_PLAYER_POINTS = 1_200n;

/**
 * Demo-only (issue 14 item 3): the points mall on — 1 point per 10.00 of slots and in-house games,
 * 2 per 10.00 of live casino, 1 per 20.00 of sports, lottery and cards, 5 per 100.00 deposited and
 * 100 points for 1.00 in conversions — with eight goods and some points for the demo players.
 * Earning starts now: the demo's history earns nothing.
 */
export async function seedPointsDemo(db: Db, merchantId: number): Promise<void> {
  await db
    .insertInto('point_settings')
    .values({ merchant_id: merchantId, enabled: true, earned_through: new Date() })
    .execute();
  await db
    .insertInto('point_rates')
    .values(
      (
        [
          ['RNG', 1_000n, 1n],
          ['LIVE', 1_000n, 2n],
          ['SPORTS', 2_000n, 1n],
          ['LOTT', 2_000n, 1n],
          ['PVP', 2_000n, 1n],
          ['deposit', 10_000n, 5n],
          ['redeem', 100n, 100n],
        ] as const
      ).map(([point_type, amount, points]) => ({ merchant_id: merchantId, point_type, amount, points })),
    )
    .execute();
  await db
    .insertInto('point_goods')
    .values(
      DEMO_POINT_GOODS.map((goods, sort) => ({
        merchant_id: merchantId,
        name: JSON.stringify({ en: goods.en, bn: goods.bn }),
        image_url: pointGoodsImagePath(goods.slug),
        quantity: goods.stock,
        stock: goods.stock,
        points_required: BigInt(goods.points),
        amount_required: goods.amount,
        sort,
      })) as never,
    )
    .execute();
  const players = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where(
      'username',
      'in',
      DEMO_PLAYERS.map((player) => player.username),
    )
    .execute();
  for (const player of players) {
    await postPoints(db, {
      merchantId,
      memberId: player.id,
      idempotencyKey: `demo-points:${player.id}`,
      kind: 'adjust',
      amount: DEMO_PLAYER_POINTS,
      remark: 'welcome',
    });
  }
}
