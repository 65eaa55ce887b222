import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payFromHouse } from '../../src/modules/ledger/house-payout.ts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { ownBookSession } from '../../src/modules/games/inhouse/inhouse-wallet.ts';
import { periodicTasks } from '../../src/modules/jobs/tasks.ts';
import { correctionCollector } from '../../src/modules/sports/corrections.ts';
import { moveMoney, recordSeamless } from '../../src/modules/sports/money.ts';
import { ensureSportsVendorBook } from '../../src/modules/sports/vendor.ts';
import { loginAsAdmin, type AuthHeaders } from '../helpers/admin.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { mainBalance } from '../inhouse/helpers.ts';
import { auditLedger, postDeposit } from '../ledger/helpers.ts';
import { createPlayer, sessionFor, type TestPlayer } from '../protection/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';

/**
 * ADR 0024: a take-back a resettlement could not take is kept as the slip's `outstanding`; the
 * corrections pass (modules/sports/corrections.ts, the sports_corrections job) takes
 * min(balance, outstanding) once the member has funds, once, never below zero, audited.
 */
let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;
let player: TestPlayer;
let slipId: bigint;
let memberHeaders: Record<string, string>;
let book: Awaited<ReturnType<typeof ensureSportsVendorBook>>;
let session: bigint;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
  player = await createPlayer(t, merchantId);
  book = await ensureSportsVendorBook(t.db, testSecrets, merchantId);
  session = await ownBookSession(
    t.db,
    { merchantId, integrationId: book.integrationId, gameId: book.games.SPORTS },
    player.row.id,
  );
  // A single paid 50.00 as won, corrected to lost while the member had nothing: all 50.00 outstanding
  // (owed only once its money has moved: a credit to a member owing a correction is collected at once).
  const slip = await t.db
    .insertInto('sports_slips')
    .values({
      merchant_id: merchantId,
      member_id: player.row.id,
      request_id: 'corrected',
      terms: 'x',
      currency: 'BDT',
      game_session_id: session,
      kind: 'single',
      stake: 2_500n,
      odds: 200n,
      potential_return: 5_000n,
      status: 'lost',
      payout: 0n,
      paid: 5_000n,
      outstanding: 0n,
      settled_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  slipId = slip.id;
  // Its money as the book moved it: the stake, the first settlement's win, and the member spent it all.
  const ledger = createLedger({ db: t.db });
  await deposit(2_500n, 'stake');
  const account = { integrationId: book.integrationId, integrationCode: book.integrationCode };
  await recordSeamless(
    t.db,
    account,
    slip,
    'bet',
    2_500n,
    await moveMoney(ledger, t.db, account, slip, 'stake', -2_500n),
  );
  await recordSeamless(t.db, account, slip, 'win', 5_000n, await moveMoney(ledger, t.db, account, slip, 'win', 5_000n));
  await deposit(-5_000n, 'spent');
  await t.db.updateTable('sports_slips').set({ outstanding: 5_000n }).where('id', '=', slipId).execute();
  memberHeaders = await sessionFor(t, player);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const slip = () => t.db.selectFrom('sports_slips').selectAll().where('id', '=', slipId).executeTakeFirstOrThrow();
const deposit = (amount: bigint, key: string) =>
  postDeposit(createLedger({ db: t.db }), {
    merchantId,
    account: { kind: 'member_main', memberId: player.row.id },
    amount,
    idempotencyKey: `corrections-test:${player.row.id}:${key}`,
  });
/**
 * A credit nobody announces (ledger.postMany leaves it to the seamless records' trigger), so the passes
 * below are the only collectors: what the 5-minute job is the backstop for.
 */
const creditUnannounced = (amount: bigint, key: string) =>
  t.db.transaction().execute((trx) =>
    createLedger({ db: t.db }).postMany(
      [
        {
          merchantId,
          currency: 'BDT',
          idempotencyKey: `corrections-test:${player.row.id}:${key}`,
          kind: 'deposit',
          postings: [
            { account: { kind: 'deposit_clearing' }, amount: -amount },
            { account: { kind: 'member_main', memberId: player.row.id }, amount },
          ],
        },
      ],
      trx,
    ),
  );
const listed = async () => {
  const res = await t.get<{ list: { slipId: number; outstanding: string }[] }>('/admin/sports/corrections', {
    headers: admin,
  });
  expect(res.status).toBe(200);
  return res.body.value.list.find((c) => c.slipId === Number(slipId))?.outstanding ?? null;
};

it('takes an outstanding correction once the member has funds: part, then the rest, once, never below zero', async () => {
  const collector = correctionCollector({ db: t.db, ledger: createLedger({ db: t.db }) });
  // Nothing to take from an empty wallet.
  expect(await collector.runPass({ memberId: player.row.id })).toMatchObject({ slips: 0, collected: 0n });
  expect(await listed()).toBe('50.00');

  // 30.00 arrives; two passes at once take it once.
  await creditUnannounced(3_000n, 'a');
  const both = await Promise.all([collector.runPass(), collector.runPass()]);
  expect(both.reduce((sum, r) => sum + r.collected, 0n)).toBe(3_000n);
  expect(await mainBalance(t, player)).toBe(0n);
  expect(await slip()).toMatchObject({ outstanding: 2_000n, paid: 2_000n, resettlements: 1, status: 'lost' });
  expect(await listed()).toBe('20.00');

  // 100.00 arrives; the job takes the 20.00 left, and its next pass nothing.
  await creditUnannounced(10_000n, 'b');
  const job = periodicTasks(t.db, testSecrets).find((task) => task.name === 'sports_corrections')!;
  expect(await job.pass(new Date())).toHaveLength(1);
  expect(await job.pass(new Date())).toEqual([]);
  expect(await mainBalance(t, player)).toBe(8_000n);
  expect(await slip()).toMatchObject({ outstanding: 0n, paid: 0n, resettlements: 2 });
  expect(await listed()).toBeNull();

  const { rows } = await sql<{ key: string; amount: string }>`
    SELECT t.idempotency_key AS key, p.amount::text AS amount
      FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'member_main'
     WHERE t.idempotency_key LIKE ${`sports:${slipId}:%`} ORDER BY t.id`.execute(t.db);
  expect(rows).toEqual([
    { key: `sports:${slipId}:stake`, amount: '-2500' },
    { key: `sports:${slipId}:win`, amount: '5000' },
    { key: `sports:${slipId}:resettle:1`, amount: '-3000' },
    { key: `sports:${slipId}:resettle:2`, amount: '-2000' },
  ]);
  const audited = await t.db
    .selectFrom('audit_log')
    .select(['action', 'after'])
    .where('entity', '=', 'sportsSlips')
    .where('entity_id', '=', slipId.toString())
    .orderBy('id')
    .execute();
  expect(audited.map((a) => a.action)).toEqual(['collect_correction', 'collect_correction']);
  expect(audited[1]!.after).toMatchObject({ taken: '2000', outstanding: '0' });
  // The betting record shows the slip's current result, marked resettled.
  const records = await t.get<{ list: Record<string, unknown>[] }>('/wps/member/records/bets', {
    headers: memberHeaders,
  });
  expect(records.status).toBe(200);
  expect(records.body.value.list).toEqual([
    expect.objectContaining({
      roundId: slipId.toString(),
      betAmount: '25.00',
      winAmount: '0.00',
      profit: '-25.00',
      resettled: true,
    }),
  ]);
  expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
});

it("filters the betting record by a resettled slip's current outcome, not its first settlement's", async () => {
  // A single first settled as lost (a win of 0, nothing posted), corrected to won: 20.00 paid by resettle:1.
  const ledger = createLedger({ db: t.db });
  const account = { integrationId: book.integrationId, integrationCode: book.integrationCode };
  const won = await t.db
    .insertInto('sports_slips')
    .values({
      merchant_id: merchantId,
      member_id: player.row.id,
      request_id: 'corrected-to-won',
      terms: 'x',
      currency: 'BDT',
      game_session_id: session,
      kind: 'single',
      stake: 1_000n,
      odds: 200n,
      potential_return: 2_000n,
      status: 'won',
      payout: 2_000n,
      paid: 2_000n,
      resettlements: 1,
      settled_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordSeamless(
    t.db,
    account,
    won,
    'bet',
    1_000n,
    await moveMoney(ledger, t.db, account, won, 'stake', -1_000n),
  );
  await recordSeamless(t.db, account, won, 'win', 0n, null);
  await moveMoney(ledger, t.db, account, won, 'resettle', 2_000n, 1);

  const rounds = async (result?: 'win' | 'loss') => {
    const res = await t.get<{ list: { roundId: string; winAmount: string; resettled?: boolean }[]; total: number }>(
      `/wps/member/records/bets${result ? `?result=${result}` : ''}`,
      { headers: memberHeaders },
    );
    expect(res.status).toBe(200);
    expect(res.body.value.total).toBe(res.body.value.list.length);
    return res.body.value.list.map((row) => `${row.roundId}:${row.winAmount}:${row.resettled === true}`);
  };
  const wonRow = `${won.id}:20.00:true`;
  // The first slip was paid 50.00 as won and corrected to lost.
  const lostRow = `${slipId}:0.00:true`;
  expect(await rounds('win')).toEqual([wonRow]);
  expect(await rounds('loss')).toEqual([lostRow]);
  expect((await rounds()).sort()).toEqual([wonRow, lostRow].sort());
  expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
});

/** A slip corrected to lost after paying `paid`, all of it still owed. */
const owe = (requestId: string, paid: bigint) =>
  t.db
    .insertInto('sports_slips')
    .values({
      merchant_id: merchantId,
      member_id: player.row.id,
      request_id: requestId,
      terms: 'x',
      currency: 'BDT',
      game_session_id: session,
      kind: 'single',
      stake: 1_000n,
      odds: 300n,
      potential_return: 3_000n,
      status: 'lost',
      payout: 0n,
      paid,
      outstanding: paid,
      settled_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Waits (without the job) until the listener has collected the slip's correction. */
async function collectedAtOnce(slipId: bigint) {
  const owed = () => t.db.selectFrom('sports_slips').selectAll().where('id', '=', slipId).executeTakeFirstOrThrow();
  for (let tries = 0; tries < 2_000 && (await owed()).outstanding > 0n; tries++) {
    await new Promise((r) => setImmediate(r));
  }
  expect(await owed()).toMatchObject({ outstanding: 0n, paid: 0n, resettlements: 1 });
}

it('collects an outstanding correction right after a credit commits (an adjustment), without the job', async () => {
  const owed = await owe('owed-after-credit', 3_000n);
  const before = await mainBalance(t, player);
  const credit = await t.request<{ status: string }>(
    'POST',
    '/admin/adjustments',
    {
      requestId: `corrections-credit-${owed.id}`,
      memberId: player.row.id,
      direction: 'credit',
      amount: '5.00',
      reason: 'goodwill',
    },
    { headers: admin },
  );
  expect(credit.body.value).toMatchObject({ status: 'applied' });
  await collectedAtOnce(owed.id);
  expect(await mainBalance(t, player)).toBe(before + 500n - 3_000n);
  expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
});

it("collects it after any credit to the main wallet the ledger posts (a bonus from the house), not only the cashier's", async () => {
  const owed = await owe('owed-after-bonus', 1_500n);
  const before = await mainBalance(t, player);
  await payFromHouse(t.db, createLedger({ db: t.db }), {
    merchant: { id: merchantId, currency: 'BDT' },
    memberId: player.row.id,
    amount: 2_000n,
    idempotencyKey: `corrections-test:${player.row.id}:bonus`,
    kind: 'rebate',
    reference: {},
  });
  await collectedAtOnce(owed.id);
  expect(await mainBalance(t, player)).toBe(before + 2_000n - 1_500n);
  expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
});
