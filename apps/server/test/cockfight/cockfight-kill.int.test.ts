import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { ensureCockfightBook } from '../../src/modules/cockfight/book.ts';
import { cockfightPayout } from '../../src/modules/cockfight/cockfight.ts';
import { ownBookSession } from '../../src/modules/games/inhouse/inhouse-wallet.ts';
import { memberRepository } from '../../src/modules/members/repository.ts';
import { DEMO_ADMIN } from '../helpers/admin.ts';
import { killTestServer, type KillTestServer } from '../helpers/kill-server.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { auditLedger } from '../ledger/helpers.ts';

/**
 * Issue 15 Tests: a fight's result recorded by the real server while it is SIGKILLed mid-settlement.
 * The fight settles in one transaction (cockfight.ts closeBets), so the kill leaves it open with
 * every bet open and nothing paid; the operator records the result again after the restart and
 * every bet is then settled exactly once, by cockfightPayout, and the ledger is balanced.
 */
const BETS = 300;
const STAKE = 1_000n;
const SIDES = ['MERON', 'WALA', 'DRAW'] as const;

let bed: KillTestServer;
let db: Db;
let merchantId: number;
let fightId: bigint;
let integrationId: number;

beforeAll(async () => {
  bed = await killTestServer('cockfight-kill');
  db = bed.db;
  merchantId = (await db.selectFrom('merchants').select('id').where('code', '=', 'khela').executeTakeFirstOrThrow()).id;
  const book = await ensureCockfightBook(db, testSecrets, merchantId);
  integrationId = book.integrationId;
  const arena = await db
    .insertInto('cockfight_arenas')
    .values({ merchant_id: merchantId, name: JSON.stringify({ en: 'Kill pit', bn: 'কিল পিট' }), stream_url: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fight = await db
    .insertInto('cockfight_fights')
    .values({
      merchant_id: merchantId,
      arena_id: arena.id,
      fight_no: 1,
      scheduled_at: new Date(),
      state: 'closed',
      odds_meron: 190,
      odds_wala: 190,
      odds_draw: 800,
      min_stake: 1_000n,
      max_stake: 100_000n,
      opened_at: new Date(),
      closed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  fightId = fight.id;
  // Placed before the result (their stakes are not this test's subject; the settlement is).
  const members: { id: number; session: bigint }[] = [];
  for (let i = 0; i < 30; i++) {
    const row = await memberRepository(db).insertUnder(
      db,
      { merchant_id: merchantId, username: `cfk${i}${Date.now() % 100_000}`, password_hash: 'x' },
      null,
    );
    const session = await ownBookSession(
      db,
      { merchantId, integrationId: book.integrationId, gameId: book.gameId },
      row.id,
    );
    members.push({ id: row.id, session });
  }
  await sql`
    INSERT INTO cockfight_bets (merchant_id, member_id, fight_id, side, stake, odds, request_id, currency, game_session_id)
    SELECT ${merchantId}, m.id, ${fightId}, (ARRAY['MERON','WALA','DRAW'])[(g % 3) + 1],
           ${STAKE}, CASE g % 3 WHEN 2 THEN 800 ELSE 190 END, 'kill-' || g, 'BDT', m.session
      FROM generate_series(1, ${BETS}) g
      JOIN unnest(${members.map((m) => m.id)}::int[], ${members.map((m) => m.session.toString())}::bigint[])
           WITH ORDINALITY AS m(id, session, n) ON m.n = (g % 30) + 1`.execute(db);
}, 120_000);

afterAll(() => bed?.close());

/** The server's connections inside the settling transaction (it pays bets through the ledger). */
const settling = async () =>
  Number(
    (
      await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL
           AND (query ILIKE '%ledger%' OR query ILIKE '%seamless_transactions%' OR query ILIKE '%cockfight_bets%')`.execute(
        db,
      )
    ).rows[0]!.n,
  );

async function recordResult(): Promise<{ status: number; body: { success: boolean; code?: string } }> {
  const { baseUrl } = bed.server;
  const login = await fetch(`${baseUrl}/admin/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  }).then((r) => r.json() as Promise<{ value: { token: string } }>);
  const res = await fetch(`${baseUrl}/admin/cockfight/fights/${fightId}/result`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: login.value.token },
    body: JSON.stringify({ result: 'MERON' }),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; code?: string } };
}

it('pays every bet of a fight exactly once through a SIGKILL mid-settlement', async () => {
  const { server, until } = bed;
  await server.start();
  const killed = recordResult().catch((error: unknown) => error);
  await until(async () => (await settling()) > 0, 20_000, 'the settlement to be under way');
  await server.kill('SIGKILL');
  expect(await killed).toBeInstanceOf(Error); // the operator saw no answer
  await until(async () => (await settling()) === 0, 20_000, 'the killed transaction to end');

  // Killed mid-way: nothing of it stayed.
  const afterKill = await db
    .selectFrom('cockfight_fights')
    .selectAll()
    .where('id', '=', fightId)
    .executeTakeFirstOrThrow();
  expect(afterKill.state).toBe('closed');
  const open = await db
    .selectFrom('cockfight_bets')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('fight_id', '=', fightId)
    .where('state', '=', 'open')
    .executeTakeFirstOrThrow();
  expect(open.n).toBe(BETS);

  await server.start();
  const settled = await recordResult();
  expect(settled.status, JSON.stringify(settled.body)).toBe(200);
  const again = await recordResult();
  expect(again.body).toMatchObject({ success: false, code: 'cockfight.invalid_state' });
  await server.kill('SIGKILL');

  const bets = await db.selectFrom('cockfight_bets').selectAll().where('fight_id', '=', fightId).execute();
  expect(bets).toHaveLength(BETS);
  let wins = 0;
  let paid = 0n;
  for (const bet of bets) {
    const outcome = cockfightPayout(bet, 'MERON');
    expect(bet.state).toBe(outcome.kind === 'win' ? 'won' : 'lost');
    expect(bet.payout).toBe(outcome.amount);
    if (outcome.kind === 'win') wins++;
    paid += outcome.amount;
  }
  expect(wins).toBe(BETS / SIDES.length);
  const { rows } = await sql<{ wins: number; records: number; rounds: number; paid: string }>`
    SELECT (SELECT count(*)::int FROM ledger_transactions WHERE idempotency_key LIKE 'cockfight:%:win'
              AND (reference->>'fight')::bigint = ${fightId}) AS wins,
           (SELECT count(*)::int FROM seamless_transactions WHERE kind = 'win' AND vendor_id = ${integrationId} AND round_id IN
              (SELECT id::text FROM cockfight_bets WHERE fight_id = ${fightId})) AS records,
           (SELECT count(DISTINCT round_id)::int FROM seamless_transactions WHERE kind = 'win' AND vendor_id = ${integrationId} AND round_id IN
              (SELECT id::text FROM cockfight_bets WHERE fight_id = ${fightId})) AS rounds,
           (SELECT coalesce(sum(p.amount), 0)::text FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
              JOIN ledger_transactions t ON t.id = p.transaction_id
             WHERE a.kind = 'member_main' AND t.idempotency_key LIKE 'cockfight:%:win'
               AND (t.reference->>'fight')::bigint = ${fightId}) AS paid`.execute(db);
  expect(rows[0]).toEqual({ wins, records: BETS, rounds: BETS, paid: paid.toString() });
  const audit = await auditLedger(db, merchantId);
  expect(audit).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
}, 120_000);
