import type { Db } from '../db/database.ts';
import type { SecretBox } from '../modules/secrets/secret-box.ts';
import { ensureCockfightBook } from '../modules/cockfight/book.ts';

const MINUTE = 60_000;

/**
 * Issue 15 item 4: our cockfight book in the COCKFIGHT category, one arena and its evening's card —
 * two fights decided, one taking bets, three to come — so the page has content on first start.
 */
export async function seedCockfightDemo(db: Db, merchantId: number, secrets: SecretBox): Promise<void> {
  await ensureCockfightBook(db, secrets, merchantId);
  const arena = await db
    .insertInto('cockfight_arenas')
    .values({
      merchant_id: merchantId,
      name: JSON.stringify({ en: 'Dhaka Royal Pit', bn: 'ঢাকা রয়্যাল পিট' }),
      stream_url: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const fight = (fightNo: number, minutes: number, odds: [number, number, number]) => ({
    merchant_id: merchantId,
    arena_id: arena.id,
    fight_no: fightNo,
    scheduled_at: new Date(now + minutes * MINUTE),
    odds_meron: odds[0],
    odds_wala: odds[1],
    odds_draw: odds[2],
    min_stake: 1_000n,
    max_stake: 5_000_000n,
  });
  const decided = (minutes: number) => ({
    opened_at: new Date(now + (minutes - 10) * MINUTE),
    closed_at: new Date(now + minutes * MINUTE),
    settled_at: new Date(now + (minutes + 5) * MINUTE),
    updated_at: new Date(now + (minutes + 5) * MINUTE),
  });
  await db
    .insertInto('cockfight_fights')
    .values([
      { ...fight(1, -40, [190, 190, 800]), ...decided(-40), state: 'settled', result: 'MERON' },
      { ...fight(2, -20, [175, 205, 800]), ...decided(-20), state: 'settled', result: 'WALA' },
      { ...fight(3, 0, [185, 195, 800]), state: 'open', opened_at: new Date(now) },
      fight(4, 20, [190, 190, 800]),
      fight(5, 40, [160, 230, 900]),
      fight(6, 60, [190, 190, 800]),
    ])
    .execute();
}
