import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/app-error.ts';
import { ledger as createLedger, type Ledger, type TransactionRequest } from '../../src/modules/ledger/ledger.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { auditLedger, createMembers, CURRENCY } from './helpers.ts';

/**
 * Concurrency at the service level: many clients at once over a few wallets, with replays.
 * (The HTTP-level soak with process kills comes with the seamless-wallet API.)
 */
const WALLETS = 50;
const CLIENTS = 100;
const OPERATIONS = 3_000;
const REPLAY_SHARE = 0.3;

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let members: number[];

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  members = await createMembers(t.db, merchantId, WALLETS);
});
afterAll(() => t.close());

/** A small deterministic generator, so a failure can be reproduced from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('the ledger under concurrency', () => {
  it(`keeps every invariant through ${OPERATIONS} operations from ${CLIENTS} clients with replays`, async () => {
    const next = random(20261123);
    const pick = (n: number) => Math.floor(next() * n);
    const main = (i: number) => ({ kind: 'member_main' as const, memberId: members[i]! });
    const requests: TransactionRequest[] = [];
    for (let i = 0; i < OPERATIONS; i++) {
      const amount = BigInt(1 + pick(20_000));
      const base = { merchantId, currency: CURRENCY, idempotencyKey: `conc-${i}` };
      const a = pick(WALLETS);
      const b = (a + 1 + pick(WALLETS - 1)) % WALLETS;
      const kind = ['deposit', 'bet', 'win', 'transfer'][i < WALLETS ? 0 : pick(4)]!;
      const postings =
        kind === 'deposit'
          ? [
              { account: { kind: 'deposit_clearing' as const }, amount: -amount * 5n },
              { account: main(i < WALLETS ? i : a), amount: amount * 5n },
            ]
          : kind === 'bet'
            ? [
                { account: main(a), amount: -amount },
                { account: { kind: 'house' as const }, amount },
              ]
            : kind === 'win'
              ? [
                  { account: { kind: 'house' as const }, amount: -amount },
                  { account: main(a), amount },
                ]
              : [
                  { account: main(a), amount: -amount },
                  { account: main(b), amount },
                ];
      requests.push({ ...base, kind, postings });
    }
    // 30 % of the sends are re-sends of an earlier (or the same) request.
    const sends = requests.flatMap((request, i) =>
      next() < REPLAY_SHARE ? [request, requests[pick(i + 1)]!] : [request],
    );

    const results = new Map<string, { id: bigint; replayed: boolean }[]>();
    const refusals = new Map<string, number>();
    let cursor = 0;
    async function client() {
      while (cursor < sends.length) {
        const request = sends[cursor++]!;
        try {
          const posted = await ledger.post(request);
          const seen = results.get(request.idempotencyKey) ?? [];
          seen.push({ id: posted.transactionId, replayed: posted.replayed });
          results.set(request.idempotencyKey, seen);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refusals.set(error.code, (refusals.get(error.code) ?? 0) + 1);
        }
      }
    }
    await Promise.all(Array.from({ length: CLIENTS }, client));

    // Only overdrafts are refused; every key was applied at most once, and all its answers agree.
    expect([...refusals.keys()].filter((code) => code !== 'wallet.insufficient_funds')).toEqual([]);
    // The run exercised what it claims to: replays answered from the first result, and overdrafts.
    expect([...results.values()].flat().filter((a) => a.replayed).length).toBeGreaterThan(OPERATIONS * 0.1);
    expect(refusals.get('wallet.insufficient_funds') ?? 0).toBeGreaterThan(0);
    for (const [, answers] of results) {
      expect(new Set(answers.map((a) => a.id)).size).toBe(1);
      expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    }
    const stored = await t.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('merchant_id', '=', merchantId)
      .where('idempotency_key', 'like', 'conc-%')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(results.size);
    expect(await auditLedger(t.db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
  }, 180_000);
});
