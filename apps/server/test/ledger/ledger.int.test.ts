import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AppError } from '../../src/http/app-error.ts';
import { ledger as createLedger, UnbalancedTransactionError, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { auditLedger, createMembers, CURRENCY } from './helpers.ts';

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let alice: number;
let bob: number;
let keySeq = 0;
const key = (label: string) => `${label}-${Date.now()}-${keySeq++}`;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  [alice, bob] = (await createMembers(t.db, merchantId, 2)) as [number, number];
});
afterAll(() => t.close());

const main = (memberId: number) => ({ kind: 'member_main' as const, memberId });
const house = { kind: 'house' as const };
const clearing = { kind: 'deposit_clearing' as const };

function deposit(memberId: number, amount: bigint, idempotencyKey = key('deposit')) {
  return ledger.post({
    merchantId,
    currency: CURRENCY,
    idempotencyKey,
    kind: 'deposit',
    postings: [
      { account: clearing, amount: -amount },
      { account: main(memberId), amount },
    ],
  });
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );
}

const countRows = async () => {
  const { rows } = await sql<{ transactions: string; postings: string }>`
    SELECT (SELECT count(*) FROM ledger_transactions)::text AS transactions,
           (SELECT count(*) FROM ledger_postings)::text AS postings`.execute(t.db);
  return rows[0]!;
};

describe('the ledger', () => {
  it('posts a balanced transaction and keeps the member balance with each posting', async () => {
    const before = await ledger.balanceOf(merchantId, CURRENCY, main(alice));
    const posted = await deposit(alice, 125_000n);
    expect(posted.replayed).toBe(false);
    expect(posted.postings.map((p) => p.amount).reduce((a, b) => a + b, 0n)).toBe(0n);
    const credit = posted.postings.find((p) => p.amount > 0n)!;
    expect(credit.balanceAfter).toBe(before + 125_000n);
    expect(posted.postings.find((p) => p.amount < 0n)!.balanceAfter).toBeNull();
    expect(await ledger.balanceOf(merchantId, CURRENCY, main(alice))).toBe(before + 125_000n);
  });

  it('answers a replay with the first result and writes nothing', async () => {
    const idempotencyKey = key('replay');
    const first = await deposit(bob, 5_000n, idempotencyKey);
    const rowsAfterFirst = await countRows();
    const again = await deposit(bob, 5_000n, idempotencyKey);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await countRows()).toEqual(rowsAfterFirst);
  });

  it('refuses the same key with other content (409) and writes nothing', async () => {
    const idempotencyKey = key('reuse');
    await deposit(bob, 1_000n, idempotencyKey);
    const balance = await ledger.balanceOf(merchantId, CURRENCY, main(bob));
    const rows = await countRows();
    const error = await refusal(deposit(bob, 2_000n, idempotencyKey));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('wallet.duplicate_transaction');
    expect(await ledger.balanceOf(merchantId, CURRENCY, main(bob))).toBe(balance);
    expect(await countRows()).toEqual(rows);
  });

  it('refuses a debit below zero with the balance, and writes nothing', async () => {
    const balance = await ledger.balanceOf(merchantId, CURRENCY, main(alice));
    const rows = await countRows();
    const error = await refusal(
      ledger.post({
        merchantId,
        currency: CURRENCY,
        idempotencyKey: key('overdraw'),
        kind: 'bet',
        postings: [
          { account: main(alice), amount: -(balance + 1n) },
          { account: house, amount: balance + 1n },
        ],
      }),
    );
    expect((error as AppError).code).toBe('wallet.insufficient_funds');
    expect((error as AppError).value).toEqual({ balance: balance.toString() });
    expect(await ledger.balanceOf(merchantId, CURRENCY, main(alice))).toBe(balance);
    expect(await countRows()).toEqual(rows);
  });

  it('lets a member spend exactly the whole balance', async () => {
    const balance = await ledger.balanceOf(merchantId, CURRENCY, main(alice));
    await ledger.post({
      merchantId,
      currency: CURRENCY,
      idempotencyKey: key('all-in'),
      kind: 'bet',
      postings: [
        { account: main(alice), amount: -balance },
        { account: house, amount: balance },
      ],
    });
    expect(await ledger.balanceOf(merchantId, CURRENCY, main(alice))).toBe(0n);
  });

  it.each([
    ['one posting', [{ account: main(alice), amount: 1n }]],
    [
      'postings that do not sum to zero',
      [
        { account: main(alice), amount: 2n },
        { account: house, amount: -1n },
      ],
    ],
    [
      'a zero posting',
      [
        { account: main(alice), amount: 0n },
        { account: house, amount: 0n },
      ],
    ],
    [
      'the same account twice',
      [
        { account: main(alice), amount: 1n },
        { account: main(alice), amount: -1n },
      ],
    ],
  ])('refuses %s before writing', async (_, postings) => {
    const rows = await countRows();
    const error = await refusal(
      ledger.post({ merchantId, currency: CURRENCY, idempotencyKey: key('bad'), kind: 'bad', postings }),
    );
    expect(error).toBeInstanceOf(UnbalancedTransactionError);
    expect(await countRows()).toEqual(rows);
  });

  it('derives system balances from postings: the house holds what members lost', async () => {
    const [carol] = (await createMembers(t.db, merchantId, 1)) as [number];
    const houseBefore = await ledger.balanceOf(merchantId, CURRENCY, house);
    await deposit(carol, 10_000n);
    await ledger.post({
      merchantId,
      currency: CURRENCY,
      idempotencyKey: key('bet'),
      kind: 'bet',
      postings: [
        { account: main(carol), amount: -3_000n },
        { account: house, amount: 3_000n },
      ],
    });
    expect(await ledger.balanceOf(merchantId, CURRENCY, house)).toBe(houseBefore + 3_000n);
    const audit = await auditLedger(t.db, merchantId);
    expect(audit).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
  });
});

describe('postMany (a settlement batch in one statement)', () => {
  const move = (memberId: number, toMember: bigint, idempotencyKey = key('move')) => ({
    merchantId,
    currency: CURRENCY,
    idempotencyKey,
    kind: toMember > 0n ? 'win' : 'bet',
    postings: [
      { account: main(memberId), amount: toMember },
      { account: house, amount: -toMember },
    ],
  });
  const inTransaction = <T>(work: (trx: typeof t.db) => Promise<T>) => t.db.transaction().execute(work);
  const postingsOf = async (ids: bigint[]) => {
    const { rows } = await sql<{ transaction_id: string; amount: string; balance_after: string | null }>`
      SELECT transaction_id::text, amount::text, balance_after::text FROM ledger_postings
       WHERE transaction_id = ANY(${ids.map(String)}::bigint[]) AND balance_after IS NOT NULL ORDER BY id`.execute(
      t.db,
    );
    return rows.map((r) => [BigInt(r.transaction_id), BigInt(r.amount), BigInt(r.balance_after!)]);
  };

  it('posts in request order with running balances; a key twice or posted before is a replay', async () => {
    const [dave, erin] = (await createMembers(t.db, merchantId, 2)) as [number, number];
    await deposit(dave, 1_000n);
    const earlierKey = key('earlier');
    const earlier = await ledger.post(move(erin, 50n, earlierKey));
    const twice = move(dave, 300n);
    const rows = await countRows();
    const ids = await inTransaction((trx) =>
      ledger.postMany(
        [move(dave, -800n), twice, move(erin, 70n), move(dave, -400n), twice, move(erin, 50n, earlierKey)],
        trx,
      ),
    );
    expect(ids[4]).toBe(ids[1]);
    expect(ids[5]).toBe(earlier.transactionId);
    expect(new Set(ids).size).toBe(5);
    expect(await postingsOf(ids.slice(0, 4))).toEqual([
      [ids[0], -800n, 200n],
      [ids[1], 300n, 500n],
      [ids[2], 70n, 120n],
      [ids[3], -400n, 100n],
    ]);
    expect(await countRows()).toEqual({
      transactions: String(Number(rows.transactions) + 4),
      postings: String(Number(rows.postings) + 8),
    });
    expect(await ledger.balanceOf(merchantId, CURRENCY, main(dave))).toBe(100n);
    expect(await ledger.balanceOf(merchantId, CURRENCY, main(erin))).toBe(120n);
    expect(await auditLedger(t.db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
  });

  it('refuses the whole batch when a running balance would go below zero, though the batch ends above it', async () => {
    const [frank] = (await createMembers(t.db, merchantId, 1)) as [number];
    await deposit(frank, 100n);
    const rows = await countRows();
    const error = await refusal(
      inTransaction((trx) => ledger.postMany([move(frank, -60n), move(frank, -60n), move(frank, 500n)], trx)),
    );
    expect((error as AppError).code).toBe('wallet.insufficient_funds');
    expect((error as AppError).value).toEqual({ balance: '40' });
    expect(await ledger.balanceOf(merchantId, CURRENCY, main(frank))).toBe(100n);
    expect(await countRows()).toEqual(rows);
  });

  it('refuses the whole batch when a key was posted with other content (409)', async () => {
    const [gina] = (await createMembers(t.db, merchantId, 1)) as [number];
    const reused = key('reused');
    await ledger.post(move(gina, 10n, reused));
    const rows = await countRows();
    const error = await refusal(
      inTransaction((trx) => ledger.postMany([move(gina, 5n), move(gina, 11n, reused)], trx)),
    );
    expect((error as AppError).code).toBe('wallet.duplicate_transaction');
    expect(await countRows()).toEqual(rows);
  });

  it('runs batches over the same wallets at once, in either order and replayed, beside single posts: each once', async () => {
    const [ann, ben, cat] = (await createMembers(t.db, merchantId, 3)) as [number, number, number];
    for (const member of [ann, ben, cat]) await deposit(member, 1_000n);
    const rows = await countRows();
    const rounds = Array.from({ length: 8 }, () => ({
      forward: [move(ann, 10n), move(ben, -20n), move(cat, 30n)],
      backward: [move(cat, -40n), move(ben, 50n), move(ann, -60n)],
    }));
    const results = await Promise.all(
      rounds.flatMap(({ forward, backward }) => [
        inTransaction((trx) => ledger.postMany(forward, trx)),
        inTransaction((trx) => ledger.postMany(backward, trx)),
        inTransaction((trx) => ledger.postMany(forward, trx)),
        ledger.post(move(ann, -5n)).then((posted) => [posted.transactionId]),
      ]),
    );
    for (let round = 0; round < rounds.length; round++) expect(results[round * 4 + 2]).toEqual(results[round * 4]);
    expect(await ledger.balanceOf(merchantId, CURRENCY, main(ann))).toBe(1_000n + 8n * (10n - 60n - 5n));
    expect(await ledger.balanceOf(merchantId, CURRENCY, main(ben))).toBe(1_000n + 8n * (50n - 20n));
    expect(await ledger.balanceOf(merchantId, CURRENCY, main(cat))).toBe(1_000n + 8n * (30n - 40n));
    expect(await countRows()).toEqual({
      transactions: String(Number(rows.transactions) + 8 * 7),
      postings: String(Number(rows.postings) + 8 * 7 * 2),
    });
    expect(await auditLedger(t.db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
  });
});

describe('the database guards the ledger itself', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of transactions and postings to the application role', async () => {
    await deposit(bob, 700n);
    const statements = [
      sql`UPDATE ledger_postings SET amount = amount + 1`,
      sql`DELETE FROM ledger_postings`,
      sql`TRUNCATE ledger_postings CASCADE`,
      sql`UPDATE ledger_transactions SET kind = 'x'`,
      sql`DELETE FROM ledger_transactions`,
      sql`TRUNCATE ledger_transactions CASCADE`,
      sql`DELETE FROM ledger_accounts`,
      sql`UPDATE ledger_accounts SET member_id = NULL, kind = 'house', tracks_balance = false, balance = 0`,
    ];
    for (const statement of statements) {
      const error = await refusal(statement.execute(t.db));
      expect(String((error as Error).message)).toMatch(/append-only|only the balance may change/);
    }
    expect(await auditLedger(t.db, merchantId)).toMatchObject({ unbalanced: [], drifted: [], total: 0n });
  });

  it('refuses an unbalanced transaction written around the service, at commit', async () => {
    const error = await refusal(
      t.db.transaction().execute(async (trx) => {
        const tx = await trx
          .insertInto('ledger_transactions')
          .values({ merchant_id: merchantId, idempotency_key: key('raw'), kind: 'raw', fingerprint: Buffer.alloc(32) })
          .returning('id')
          .executeTakeFirstOrThrow();
        const account = await trx
          .selectFrom('ledger_accounts')
          .select('id')
          .where('kind', '=', 'house')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('ledger_postings')
          .values({ transaction_id: tx.id, account_id: account.id, amount: 5n })
          .execute();
      }),
    );
    expect(String((error as Error).message)).toMatch(/does not balance/);
  });

  it.each([
    ['a committed transaction', async () => (await deposit(bob, 300n)).transactionId],
    ['a transaction that does not exist', async () => 9_000_000_000n],
  ])('refuses a posting added later to %s', async (_, transactionOf) => {
    const transactionId = await transactionOf();
    const account = await t.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', '=', 'house')
      .executeTakeFirstOrThrow();
    const error = await refusal(
      t.db
        .insertInto('ledger_postings')
        .values({ transaction_id: transactionId, account_id: account.id, amount: 1n })
        .execute(),
    );
    expect(String((error as Error).message)).toMatch(/is closed/);
  });

  it('lets postings join a transaction written in a subtransaction of the same database transaction', async () => {
    // Seamless bets are batched with a subtransaction a bet (migrations/0009).
    const idempotencyKey = key('subtransaction');
    await t.db.transaction().execute(async (trx) => {
      await sql`SAVEPOINT first_bet`.execute(trx);
      await sql`SAVEPOINT second_bet`.execute(trx);
      await ledger.post(
        {
          merchantId,
          currency: CURRENCY,
          idempotencyKey,
          kind: 'deposit',
          postings: [
            { account: { kind: 'deposit_clearing' }, amount: -400n },
            { account: { kind: 'member_main', memberId: alice }, amount: 400n },
          ],
        },
        trx,
      );
      await sql`RELEASE SAVEPOINT second_bet`.execute(trx);
      await sql`RELEASE SAVEPOINT first_bet`.execute(trx);
    });
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE t.idempotency_key = ${idempotencyKey}`.execute(t.db);
    expect(rows[0]!.n).toBe(2);
  });

  it('refuses a stored member balance below zero even from raw SQL', async () => {
    const error = await refusal(sql`UPDATE ledger_accounts SET balance = -1 WHERE tracks_balance`.execute(t.db));
    expect(String((error as Error).message)).toMatch(/check constraint/);
  });
});
