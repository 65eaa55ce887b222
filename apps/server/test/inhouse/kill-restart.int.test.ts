import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, inject } from 'vitest';
import { createDb, createPool, type Db } from '../../src/db/database.ts';
import { inhouseRounds } from '../../src/modules/games/inhouse/rounds.ts';
import { inhouseSweeper } from '../../src/modules/games/inhouse/sweeper.ts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { memberSessions } from '../../src/modules/sessions/member-sessions.ts';
import { TEMPLATE_DB } from '../global-setup.ts';
import { cloneDatabase, dropDatabase } from '../helpers/databases.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { auditLedger, createMembers, postDeposit } from '../ledger/helpers.ts';
import { freePort, serverProcess } from '../seamless/server-process.ts';
import { requestId } from './helpers.ts';

/**
 * Issue 12 item 5: the real server as a child process, SIGKILLed three times while members bet on
 * dice, the slot, Andar Bahar and mines at once; clients send every unanswered call again, with the
 * same requestId, once it is back. In the end no stake is without its round, no round is without
 * its outcome or paid twice, every answered call kept its answer, and every member's wallet is
 * what their rounds say.
 */
const MEMBERS = 6;
const FUNDS = 100_000_00n;

let adminUrl: string;
let databaseUrl: string;
let dataDir: string;
let db: Db;
let merchantId: number;
let server: ReturnType<typeof serverProcess>;
const sessions: { memberId: number; token: string }[] = [];

beforeAll(async () => {
  adminUrl = inject('adminDatabaseUrl');
  databaseUrl = await cloneDatabase(adminUrl, TEMPLATE_DB);
  dataDir = await mkdtemp(join(tmpdir(), 'khela-inhouse-kill-'));
  db = createDb(createPool(databaseUrl, 4));
  const merchant = await db.selectFrom('merchants').select('id').where('code', '=', 'khela').executeTakeFirstOrThrow();
  merchantId = merchant.id;
  const ledger = createLedger({ db });
  for (const memberId of await createMembers(db, merchantId, MEMBERS)) {
    await postDeposit(ledger, {
      merchantId,
      account: { kind: 'member_main', memberId },
      amount: FUNDS,
      idempotencyKey: `kill-funding-${memberId}`,
    });
    const token = await memberSessions({ db }).start(
      db,
      { id: memberId, merchant_id: merchantId },
      { ip: '127.0.0.1', userAgent: 'kill' },
    );
    sessions.push({ memberId, token });
  }
  server = serverProcess({ databaseUrl, port: await freePort(), dataDir });
  await server.start();
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await db?.destroy();
  if (databaseUrl) await dropDatabase(adminUrl, databaseUrl);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; body: { success: boolean; code?: string; value?: { roundId: string } } };

/** One call, sent again (same body) until the server answers it. */
async function untilAnswered(token: string, path: string, body: object): Promise<Answer> {
  for (;;) {
    try {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token, merchant: 'khela' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5_000),
      });
      return { status: res.status, body: (await res.json()) as Answer['body'] };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

it('no stake without an outcome, none paid twice, through three SIGKILLs', async () => {
  const answers = new Map<string, string>();
  let stop = false;
  const player = async ({ token }: { token: string }, index: number) => {
    for (let i = 0; !stop; i++) {
      const id = requestId();
      const kind = (index + i) % 4;
      const [path, body] =
        kind === 0
          ? ['/wps/inhouse/dice/bet', { requestId: id, stake: '3.00', chanceBp: 4950, direction: 'over' }]
          : kind === 1
            ? ['/wps/inhouse/slot/spin', { requestId: id, lineBet: '0.10' }]
            : kind === 2
              ? ['/wps/inhouse/andar-bahar/bet', { requestId: id, stake: '2.00', side: 'bahar' }]
              : ['/wps/inhouse/mines/start', { requestId: id, stake: '1.00', mines: 3 }];
      const first = await untilAnswered(token, path, body);
      if (first.status === 200) answers.set(id, first.body.value!.roundId);
      // The same call again answers the same round (a replay after a restart included).
      const again = await untilAnswered(token, path, body);
      if (first.status === 200) expect(again.body.value?.roundId).toBe(first.body.value!.roundId);
      if (kind === 3 && first.status === 200) {
        await untilAnswered(token, '/wps/inhouse/mines/reveal', { roundId: first.body.value!.roundId, cell: i % 25 });
        await untilAnswered(token, '/wps/inhouse/mines/cash-out', { roundId: first.body.value!.roundId });
      }
    }
  };
  const players = sessions.map((s, index) => player(s, index));
  for (let kill = 0; kill < 3; kill++) {
    await new Promise((r) => setTimeout(r, 1_500 + Math.random() * 1_500));
    await server.kill('SIGKILL');
    await server.start();
  }
  // Enough rounds to mean something, however loaded the machine (a busy CI plays fewer a second).
  const enoughBy = Date.now() + 60_000;
  while (answers.size <= 50 && Date.now() < enoughBy) await new Promise((r) => setTimeout(r, 250));
  stop = true;
  await Promise.all(players);
  expect(answers.size).toBeGreaterThan(50);

  // Rounds still open are the mines rounds interrupted between their calls: the sweeper ends them.
  const rounds = inhouseRounds({ db, ledger: createLedger({ db }), secrets: testSecrets });
  await inhouseSweeper(db, rounds).sweep(0);

  const rows = await db
    .selectFrom('inhouse_rounds')
    .select(['id', 'member_id', 'request_id', 'state', 'stake', 'payout'])
    .where('merchant_id', '=', merchantId)
    // This test's players only: the demo seed has its own history of rounds (issue 13 item 8).
    .where(
      'member_id',
      'in',
      sessions.map((s) => s.memberId),
    )
    .execute();
  expect(rows.filter((r) => r.state === 'open')).toEqual([]);
  for (const [id, roundId] of answers) {
    expect(rows.find((r) => r.request_id === id)?.id.toString()).toBe(roundId);
  }
  // Every stake posted belongs to a round; every round has one stake and one outcome record.
  const orphans = await sql<{ key: string }>`
    SELECT t.idempotency_key AS key FROM ledger_transactions t
    WHERE t.merchant_id = ${merchantId} AND t.idempotency_key LIKE 'inhouse:%'
      AND NOT EXISTS (SELECT 1 FROM inhouse_rounds r WHERE t.idempotency_key LIKE 'inhouse:' || r.id || ':%')`.execute(
    db,
  );
  expect(orphans.rows).toEqual([]);
  const records = await sql<{ round_id: string; bets: number; outcomes: number }>`
    SELECT round_id, count(*) FILTER (WHERE kind = 'bet')::int AS bets,
           count(*) FILTER (WHERE kind IN ('win', 'rollback'))::int AS outcomes
    FROM seamless_transactions WHERE merchant_id = ${merchantId} AND member_id = ANY(${sessions.map((s) => s.memberId)}::int[]) AND vendor_id = (
      SELECT id FROM vendors WHERE code = ${`INHOUSE_${merchantId}`}) GROUP BY round_id`.execute(db);
  expect(records.rows).toHaveLength(rows.length);
  expect(records.rows.filter((r) => r.bets !== 1 || r.outcomes !== 1)).toEqual([]);

  for (const { memberId } of sessions) {
    const mine = rows.filter((r) => r.member_id === memberId);
    const expected = mine.reduce(
      (balance, r) => balance - r.stake + (r.state === 'refunded' ? r.stake : (r.payout ?? 0n)),
      FUNDS,
    );
    const account = await db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('member_id', '=', memberId)
      .where('kind', '=', 'member_main')
      .executeTakeFirstOrThrow();
    expect(account.balance).toBe(expected);
  }
  expect(await auditLedger(db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], negative: [], total: 0n });
}, 180_000);
