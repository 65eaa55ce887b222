import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { ownBookSession } from '../../src/modules/games/inhouse/inhouse-wallet.ts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { memberRepository } from '../../src/modules/members/repository.ts';
import { sportsBook } from '../../src/modules/sports/book.ts';
import { killTestServer, type KillTestServer } from '../helpers/kill-server.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { auditLedger } from '../ledger/helpers.ts';

/**
 * An event's result recorded (its legs decided, its slips marked) and its slips settled by the
 * real server (the pass it runs as it starts) while it is SIGKILLed mid-settlement and started
 * again: every slip is paid exactly once — one win transaction and one win record per slip, the
 * postings per slip equal to its payout — and the ledger is balanced (ADR 0024 addendum).
 */
/** Twelve batches of 100 (SPORTS_SETTLE_BATCH): the kill falls after the first few. */
const SLIPS = 1_200;
const MEMBERS = 20;

let bed: KillTestServer;
let db: Db;
let merchantId: number;
let eventId: number;

beforeAll(async () => {
  bed = await killTestServer('sports-kill', { SPORTS_SETTLE_BATCH: '100' });
  db = bed.db;
  merchantId = (await db.selectFrom('merchants').select('id').where('code', '=', 'khela').executeTakeFirstOrThrow()).id;
  const book = sportsBook({ db, ledger: createLedger({ db }), secrets: testSecrets });
  const event = await book.upsertEvent(
    { merchantId },
    {
      sport: 'FOOTBALL',
      competition: { code: 'KILL', name: { en: 'Kill League', bn: 'কিল লীগ' } },
      home: { en: 'Home', bn: 'ঘর' },
      away: { en: 'Away', bn: 'বাইরে' },
      startsAt: new Date(Date.now() + 60_000).toISOString(),
      markets: [
        {
          type: 'ONE_X_TWO',
          minStake: '1.00',
          maxStake: '1000.00',
          odds: { HOME: '2.10', DRAW: '3.20', AWAY: '3.30' },
        },
      ],
    },
  );
  eventId = event.eventId;
  const market = event.markets[0]!;
  const selection = (code: string) => market.selections.find((s) => s.code === code)!.id;
  const vendorBook = await book.vendorBookOf(merchantId);
  const members: { id: number; session: bigint }[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const row = await memberRepository(db).insertUnder(
      db,
      { merchant_id: merchantId, username: `s${randomBytes(5).toString('hex')}`, password_hash: 'x' },
      null,
    );
    const session = await ownBookSession(
      db,
      { merchantId, integrationId: vendorBook.integrationId, gameId: vendorBook.games.SPORTS },
      row.id,
    );
    members.push({ id: row.id, session });
  }
  // Placed before the result (their stakes are not this test's subject): even slips on HOME
  // (won at 2.10), odd ones on AWAY (lost). Then the result as recordResult commits it: legs
  // decided, event settled, slips marked for the pass.
  await sql`
    WITH made AS (
      INSERT INTO sports_slips (merchant_id, member_id, request_id, terms, currency, game_session_id, kind, stake,
                                odds, potential_return, settle_due)
      SELECT ${merchantId}, m.id, 'kill-' || g, 'kill', 'BDT', m.session, 'single', 100 + g, 210, (100 + g) * 210 / 100,
             true
        FROM generate_series(1, ${SLIPS}) g
        JOIN unnest(${members.map((m) => m.id)}::int[], ${members.map((m) => m.session.toString())}::bigint[])
             WITH ORDINALITY AS m(id, session, n) ON m.n = (g % ${MEMBERS}) + 1
      RETURNING id
    )
    INSERT INTO sports_slip_legs (slip_id, event_id, market_id, selection_id, code, odds, outcome)
    SELECT id, ${eventId}, ${market.id}, CASE WHEN id % 2 = 0 THEN ${selection('HOME')}::bigint ELSE ${selection('AWAY')}::bigint END,
           CASE WHEN id % 2 = 0 THEN 'HOME' ELSE 'AWAY' END, 210, CASE WHEN id % 2 = 0 THEN 'won' ELSE 'lost' END
      FROM made`.execute(db);
  await db
    .updateTable('sports_events')
    .set({ status: 'settled', home_score: 1, away_score: 0, settled_at: new Date() })
    .where('id', '=', BigInt(eventId))
    .execute();
}, 120_000);

afterAll(() => bed?.close());

const count = async (due: boolean) =>
  Number(
    (
      await db
        .selectFrom('sports_slips')
        .select(sql<string>`count(*)::text`.as('n'))
        .where('request_id', 'like', 'kill-%')
        .where('settle_due', '=', due)
        .executeTakeFirstOrThrow()
    ).n,
  );

it('settles every slip of an event exactly once through a SIGKILL mid-settlement', async () => {
  const { server, until } = bed;
  await server.start();
  await until(async () => (await count(false)) >= SLIPS * 0.2, 40_000, 'a fifth of the slips');
  await server.kill('SIGKILL');
  const killedAt = await count(false);
  expect(killedAt).toBeLessThan(SLIPS);
  expect(killedAt % 100).toBe(0); // whole batches only

  await server.start();
  await until(async () => (await count(true)) === 0, 40_000, 'every slip to be settled');
  await server.kill('SIGKILL');

  const slips = await db.selectFrom('sports_slips').selectAll().where('request_id', 'like', 'kill-%').execute();
  expect(slips).toHaveLength(SLIPS);
  for (const slip of slips) {
    const won = slip.id % 2n === 0n;
    expect(slip).toMatchObject({
      status: won ? 'won' : 'lost',
      payout: won ? slip.potential_return : 0n,
      paid: won ? slip.potential_return : 0n,
    });
  }
  const { rows } = await sql<{ slip: string; wins: number; paid: string }>`
    SELECT (t.reference->>'sportsSlip') AS slip, count(DISTINCT t.id)::int AS wins, sum(p.amount)::text AS paid
      FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'member_main'
     WHERE t.idempotency_key LIKE 'sports:%:win'
     GROUP BY 1`.execute(db);
  const paidBySlip = new Map(rows.map((r) => [r.slip, r]));
  const winners = slips.filter((s) => s.status === 'won');
  expect(rows).toHaveLength(winners.length);
  for (const slip of winners) {
    expect(paidBySlip.get(slip.id.toString())).toEqual({
      slip: slip.id.toString(),
      wins: 1,
      paid: slip.potential_return.toString(),
    });
  }
  const records = await sql<{ n: number; rounds: number }>`
    SELECT count(*)::int AS n, count(DISTINCT round_id)::int AS rounds FROM seamless_transactions
     WHERE kind = 'win' AND round_id = ANY(${slips.map((s) => s.id.toString())}::text[])`.execute(db);
  expect(records.rows[0]).toEqual({ n: SLIPS, rounds: SLIPS });
  const balances = await sql<{ member_id: number; balance: string; expected: string }>`
    SELECT s.member_id, coalesce(a.balance, 0)::text AS balance, sum(s.paid)::text AS expected
      FROM sports_slips s LEFT JOIN ledger_accounts a ON a.member_id = s.member_id AND a.kind = 'member_main'
     WHERE s.request_id LIKE 'kill-%' GROUP BY s.member_id, a.balance`.execute(db);
  expect(balances.rows).toHaveLength(MEMBERS);
  for (const row of balances.rows) expect(row.balance).toBe(row.expected);
  const audit = await auditLedger(db, merchantId);
  expect(audit).toMatchObject({ unbalanced: [], drifted: [], negative: [] });
}, 120_000);
