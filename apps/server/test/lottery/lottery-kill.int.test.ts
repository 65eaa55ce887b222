import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEFAULT_LOTTERY_ODDS,
  currentSlot,
  drawClientSeed,
  drawLottery,
  hashServerSeed,
  lotteryPayout,
  type LotteryBet,
} from '@khela/games';
import type { Db } from '../../src/db/database.ts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { lotteryMoney } from '../../src/modules/lottery/money.ts';
import { memberRepository } from '../../src/modules/members/repository.ts';
import { killTestServer, type KillTestServer } from '../helpers/kill-server.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { auditLedger } from '../ledger/helpers.ts';

/**
 * A drawn lottery draw settled by the real server (its 2-second draw pass) while it is SIGKILLed
 * mid-settlement and started again: in the end every purchase is settled exactly once — one
 * win transaction per winning purchase, one win record per purchase, every ticket's payout the
 * engine's — and the ledger is balanced.
 */
/** Three settlement batches (200 each): the kill falls after the first. */
const PURCHASES = 600;
const GAME = 'bhagya-colour-draw-1-min';
const STAKE = 1_000n;

let bed: KillTestServer;
let db: Db;
let drawId: bigint;
let merchantId: number;

beforeAll(async () => {
  // Batches of 200 (the default is 2 000) and one lane: the kill falls between batches.
  bed = await killTestServer('lottery-kill', { LOTTERY_SETTLE_BATCH: '200', LOTTERY_SETTLE_LANES: '1' });
  db = bed.db;
  const game = await db.selectFrom('lottery_games').selectAll().where('code', '=', GAME).executeTakeFirstOrThrow();
  merchantId = game.merchant_id;
  // Every game's cursor is now: only this test's draw is owed.
  await db.updateTable('lottery_games').set({ drawn_through: new Date() }).execute();
  const slot = currentSlot(
    { kind: 'interval', everySeconds: 60, closeBeforeSeconds: 10, timeZone: game.time_zone },
    new Date(Date.now() - 5 * 60_000),
  );
  const serverSeed = randomBytes(32).toString('hex');
  const draw = await db
    .insertInto('lottery_draws')
    .values({
      merchant_id: merchantId,
      lottery_game_id: game.id,
      issue: slot.issue,
      opens_at: slot.opensAt,
      closes_at: slot.closesAt,
      draw_at: slot.drawAt,
      server_seed: serverSeed,
      server_seed_hash: hashServerSeed(serverSeed),
      client_seed: drawClientSeed(GAME, slot.issue),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  drawId = draw.id;
  // Sold before the pause: purchases of one odd/even ticket each by 50 members (their stakes are
  // not this test's subject; the settlement is).
  const money = lotteryMoney({ db, ledger: createLedger({ db }), secrets: testSecrets });
  const integration = await money.integrationOf(merchantId);
  const members = [];
  for (let i = 0; i < 50; i++) {
    const row = await memberRepository(db).insertUnder(
      db,
      { merchant_id: merchantId, username: `k${randomBytes(5).toString('hex')}`, password_hash: 'x' },
      null,
    );
    members.push({
      id: row.id,
      session: await money.sessionOf(db, integration, { id: row.id, merchantId }, game.game_id),
    });
  }
  const odds = JSON.stringify(DEFAULT_LOTTERY_ODDS.digits5);
  await sql`
    WITH made AS (
      INSERT INTO lottery_purchases (merchant_id, member_id, draw_id, request_id, fingerprint, currency, total_stake, odds, game_session_id)
      SELECT ${merchantId}, m.id, ${drawId}, 'kill-' || g, 'f', 'BDT', ${STAKE}, ${odds}::jsonb, m.session
        FROM generate_series(1, ${PURCHASES}) g
        JOIN unnest(${members.map((m) => m.id)}::int[], ${members.map((m) => m.session.toString())}::bigint[])
             WITH ORDINALITY AS m(id, session, n) ON m.n = (g % 50) + 1
      RETURNING id, member_id
    )
    INSERT INTO lottery_tickets (purchase_id, merchant_id, member_id, draw_id, bet_type, selection, stake, odds_bp, potential_win)
    SELECT id, ${merchantId}, member_id, ${drawId}, 'sum_odd_even',
           jsonb_build_object('pick', CASE WHEN id % 2 = 0 THEN 'odd' ELSE 'even' END), ${STAKE}, 19600, 1960
      FROM made`.execute(db);
}, 120_000);

afterAll(() => bed?.close());

const settled = async () =>
  Number(
    (
      await db
        .selectFrom('lottery_purchases')
        .select(sql<string>`count(*)::text`.as('n'))
        .where('draw_id', '=', drawId)
        .where('state', '=', 'settled')
        .executeTakeFirstOrThrow()
    ).n,
  );

it('settles every ticket of a draw exactly once through a SIGKILL mid-settlement', async () => {
  const { server, until } = bed;
  await server.start();
  await until(async () => (await settled()) >= PURCHASES * 0.3, 40_000, 'a third of the purchases');
  await server.kill('SIGKILL');
  expect(await settled()).toBeLessThan(PURCHASES);

  await server.start();
  await until(
    async () =>
      (await db.selectFrom('lottery_draws').select('state').where('id', '=', drawId).executeTakeFirstOrThrow())
        .state === 'settled',
    40_000,
    'the draw to be settled',
  );
  await server.kill('SIGKILL');

  const draw = await db.selectFrom('lottery_draws').selectAll().where('id', '=', drawId).executeTakeFirstOrThrow();
  const result = drawLottery('digits5', { serverSeed: draw.server_seed, clientSeed: draw.client_seed, nonce: 0 });
  expect(draw.result).toEqual(result.tiers);
  const tickets = await db.selectFrom('lottery_tickets').selectAll().where('draw_id', '=', drawId).execute();
  expect(tickets).toHaveLength(PURCHASES);
  let winners = 0;
  for (const ticket of tickets) {
    const bet = { type: ticket.bet_type, ...ticket.selection } as LotteryBet;
    const payout = lotteryPayout(bet, ticket.stake, result, DEFAULT_LOTTERY_ODDS.digits5);
    expect(ticket.payout).toBe(payout);
    if (payout > 0n) winners++;
  }
  expect(winners).toBeGreaterThan(0);
  const { rows } = await sql<{ wins: number; records: number; keys: number; paid: string }>`
    SELECT (SELECT count(*)::int FROM ledger_transactions WHERE idempotency_key LIKE 'lottery:%:win'
              AND (reference->>'lotteryPurchase')::bigint IN (SELECT id FROM lottery_purchases WHERE draw_id = ${drawId})) AS wins,
           (SELECT count(*)::int FROM seamless_transactions WHERE kind = 'win' AND round_id IN
              (SELECT 'lottery-' || id FROM lottery_purchases WHERE draw_id = ${drawId})) AS records,
           (SELECT count(DISTINCT round_id)::int FROM seamless_transactions WHERE kind = 'win' AND round_id IN
              (SELECT 'lottery-' || id FROM lottery_purchases WHERE draw_id = ${drawId})) AS keys,
           (SELECT coalesce(sum(p.amount), 0)::text FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
              JOIN ledger_transactions t ON t.id = p.transaction_id
             WHERE a.kind = 'member_main' AND t.idempotency_key LIKE 'lottery:%:win') AS paid`.execute(db);
  expect(rows[0]).toEqual({
    wins: winners,
    records: PURCHASES,
    keys: PURCHASES,
    paid: tickets.reduce((sum, t) => sum + t.payout!, 0n).toString(),
  });
  const audit = await auditLedger(db, merchantId);
  expect(audit).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
}, 180_000);
