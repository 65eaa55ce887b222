import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AppError } from '../../src/http/app-error.ts';
import { ledger as createLedger, type Ledger, type TransactionRequest } from '../../src/modules/ledger/ledger.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { auditLedger, createMembers, CURRENCY } from './helpers.ts';

/**
 * Model-based test of the ledger (issue 5): random sequences of deposits, bets, wins, transfers,
 * replays and key reuses run against PostgreSQL and against a plain in-memory model of the
 * wallets; after every step the stored balances must equal the model's.
 */
const WALLETS = 4;

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let members: number[];
let run = 0;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  members = await createMembers(t.db, merchantId, WALLETS);
});
afterAll(() => t.close());

interface Model {
  balances: bigint[];
  /** Every key posted so far with the request that posted it. */
  posted: Map<string, TransactionRequest>;
}

type Step =
  | { op: 'deposit' | 'bet' | 'win'; wallet: number; amount: bigint }
  | { op: 'transfer'; from: number; to: number; amount: bigint }
  | { op: 'replay'; pick: number }
  | { op: 'reuse'; pick: number; amount: bigint };

const amount = fc.bigInt({ min: 1n, max: 50_000n });
const wallet = fc.nat({ max: WALLETS - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constantFrom('deposit' as const, 'bet' as const, 'win' as const), wallet, amount }),
  fc.record({ op: fc.constant('transfer' as const), from: wallet, to: wallet, amount }),
  fc.record({ op: fc.constant('replay' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('reuse' as const), pick: fc.nat(), amount }),
);

const main = (index: number) => ({ kind: 'member_main' as const, memberId: members[index]! });

function requestFor(s: Exclude<Step, { op: 'replay' | 'reuse' }>, key: string): TransactionRequest {
  const base = { merchantId, currency: CURRENCY, idempotencyKey: key, kind: s.op };
  switch (s.op) {
    case 'deposit':
      return {
        ...base,
        postings: [
          { account: { kind: 'deposit_clearing' }, amount: -s.amount },
          { account: main(s.wallet), amount: s.amount },
        ],
      };
    case 'bet':
      return {
        ...base,
        postings: [
          { account: main(s.wallet), amount: -s.amount },
          { account: { kind: 'house' }, amount: s.amount },
        ],
      };
    case 'win':
      return {
        ...base,
        postings: [
          { account: { kind: 'house' }, amount: -s.amount },
          { account: main(s.wallet), amount: s.amount },
        ],
      };
    case 'transfer':
      return {
        ...base,
        postings: [
          { account: main(s.from), amount: -s.amount },
          { account: main(s.to), amount: s.amount },
        ],
      };
  }
}

/** What the model says a request does to the wallets: the new balances, or null when refused. */
function applyToModel(balances: bigint[], request: TransactionRequest): bigint[] | null {
  const next = [...balances];
  for (const { account, amount: delta } of request.postings) {
    if (!('memberId' in account)) continue;
    const index = members.indexOf(account.memberId);
    next[index] = next[index]! + delta;
    if (next[index]! < 0n) return null;
  }
  return next;
}

async function currentBalances(): Promise<bigint[]> {
  return Promise.all(members.map((_, index) => ledger.balanceOf(merchantId, CURRENCY, main(index))));
}

async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    if (error instanceof Error && error.name === 'UnbalancedTransactionError') return 'refused';
    throw error;
  }
}

describe('the ledger against an in-memory model', () => {
  it('agrees with the model on every step of 1,000 random runs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        run++;
        const model: Model = { balances: await currentBalances(), posted: new Map() };
        for (const [index, s] of steps.entries()) {
          const keys = [...model.posted.keys()];
          if (s.op === 'replay' || s.op === 'reuse') {
            if (keys.length === 0) continue;
            const key = keys[s.pick % keys.length]!;
            const first = model.posted.get(key)!;
            if (s.op === 'replay') {
              expect(await outcome(ledger.post(first))).toBe('ok');
            } else {
              const other = { ...first, reference: { changed: s.amount.toString() } };
              expect(await outcome(ledger.post(other))).toBe('wallet.duplicate_transaction');
            }
          } else {
            const request = requestFor(s, `prop-${run}-${index}`);
            const expected =
              s.op === 'transfer' && s.from === s.to
                ? 'refused'
                : applyToModel(model.balances, request)
                  ? 'ok'
                  : 'wallet.insufficient_funds';
            expect(await outcome(ledger.post(request))).toBe(expected);
            if (expected === 'ok') {
              model.balances = applyToModel(model.balances, request)!;
              model.posted.set(request.idempotencyKey, request);
            }
          }
          expect(await currentBalances()).toEqual(model.balances);
        }
      }),
      { numRuns: 1000 },
    );
    expect(await auditLedger(t.db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
  }, 240_000);
});
