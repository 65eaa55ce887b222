import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/app-error.ts';
import { postPoints, type PointEntryKind } from '../../src/modules/points/points-ledger.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { createMember } from '../wallet/helpers.ts';

/**
 * A property test of the points ledger (issue 14 item 3) against a model: random sequences of
 * earn, redeem, convert (both ways) and reject-refund over three members, drawing keys from a
 * small pool so keys repeat (with the same content: a replay; with other content: refused), some
 * steps sent in parallel. After every sequence each member's balance is the model's, equals the
 * sum of their entries, and no balance or balance_after was ever below zero.
 */

type Op =
  | { type: 'earn' | 'convert_in'; member: number; key: number; points: number }
  | { type: 'redeem' | 'convert_out'; member: number; key: number; points: number }
  | { type: 'refund'; member: number; key: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    type: fc.constantFrom('earn' as const, 'convert_in' as const),
    member: fc.nat(2),
    key: fc.nat(5),
    points: fc.integer({ min: 1, max: 60 }),
  }),
  fc.record({
    type: fc.constantFrom('redeem' as const, 'convert_out' as const),
    member: fc.nat(2),
    key: fc.nat(5),
    points: fc.integer({ min: 1, max: 80 }),
  }),
  fc.record({ type: fc.constant('refund' as const), member: fc.nat(2), key: fc.nat(5) }),
);

interface Model {
  balances: number[];
  /** key → the entry first posted under it. */
  entries: Map<string, { member: number; kind: PointEntryKind; amount: number }>;
}

let t: TestApp;
let merchantId: number;
let run = 0;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());

/** The model's answer to one posting: 'ok', 'replay', or the error code the ledger must give. */
function modelPost(model: Model, key: string, member: number, kind: PointEntryKind, amount: number) {
  const first = model.entries.get(key);
  if (first) {
    return first.member === member && first.kind === kind && first.amount === amount
      ? 'replay'
      : 'points.request_reused';
  }
  if (model.balances[member]! + amount < 0) return 'points.insufficient';
  model.balances[member]! += amount;
  model.entries.set(key, { member, kind, amount });
  return 'ok';
}

describe('the points ledger against a model', () => {
  it('gives the model balances and never a negative one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 30 }), fc.boolean(), async (ops, parallel) => {
        run += 1;
        const members = await Promise.all([0, 1, 2].map(() => createMember(t, merchantId)));
        const model: Model = { balances: [0, 0, 0], entries: new Map() };
        const step = (op: Op) => {
          const member = members[op.member]!;
          // Keys name the member, as every key of the application does.
          if (op.type === 'refund') {
            const redeemed = model.entries.get(`redeem:${run}:${op.member}:${op.key}`);
            if (!redeemed) return null;
            return {
              key: `redeem-refund:${run}:${op.member}:${op.key}`,
              memberId: member.id,
              index: op.member,
              kind: 'redeem_refund' as const,
              amount: -redeemed.amount,
            };
          }
          const negative = op.type === 'redeem' || op.type === 'convert_out';
          return {
            key: `${op.type === 'convert_in' || op.type === 'convert_out' ? 'convert' : op.type}:${run}:${op.member}:${op.key}`,
            memberId: member.id,
            index: op.member,
            kind: op.type,
            amount: negative ? -op.points : op.points,
          };
        };
        const send = async (posting: NonNullable<ReturnType<typeof step>>) => {
          try {
            const posted = await t.db.transaction().execute((trx) =>
              postPoints(trx, {
                merchantId,
                memberId: posting.memberId,
                idempotencyKey: posting.key,
                kind: posting.kind,
                amount: BigInt(posting.amount),
                remark: '',
              }),
            );
            return posted.replayed ? 'replay' : 'ok';
          } catch (error) {
            if (error instanceof AppError) return error.code;
            throw error;
          }
        };
        if (parallel) {
          // Postings of different members in parallel: each member's own stay in order.
          const byMember = [0, 1, 2].map((index) => ops.filter((op) => op.member === index));
          await Promise.all(
            byMember.map(async (memberOps) => {
              for (const op of memberOps) {
                const posting = step(op);
                if (!posting) continue;
                const expected = modelPost(model, posting.key, posting.index, posting.kind, posting.amount);
                expect(await send(posting)).toBe(expected);
              }
            }),
          );
        } else {
          for (const op of ops) {
            const posting = step(op);
            if (!posting) continue;
            const expected = modelPost(model, posting.key, posting.index, posting.kind, posting.amount);
            expect(await send(posting)).toBe(expected);
          }
        }
        for (const [index, member] of members.entries()) {
          const account = await t.db
            .selectFrom('point_accounts')
            .select('balance')
            .where('member_id', '=', member.id)
            .executeTakeFirst();
          expect(Number(account?.balance ?? 0n)).toBe(model.balances[index]);
          const entries = await t.db
            .selectFrom('point_entries')
            .select(['amount', 'balance_after'])
            .where('member_id', '=', member.id)
            .orderBy('id')
            .execute();
          let running = 0n;
          for (const entry of entries) {
            running += entry.amount;
            expect(entry.balance_after).toBe(running);
            expect(entry.balance_after >= 0n).toBe(true);
          }
          expect(Number(running)).toBe(model.balances[index]);
        }
      }),
      { numRuns: 25, seed: 1403 },
    );
  });

  it('keeps one balance right when the same member is hit by 20 parallel spends', async () => {
    const member = await createMember(t, merchantId);
    await t.db.transaction().execute((trx) =>
      postPoints(trx, {
        merchantId,
        memberId: member.id,
        idempotencyKey: `seed:${member.id}`,
        kind: 'earn',
        amount: 100n,
        remark: '',
      }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        t.db.transaction().execute((trx) =>
          postPoints(trx, {
            merchantId,
            memberId: member.id,
            // Half the keys repeat: those are one spend each.
            idempotencyKey: `spend:${member.id}:${i % 10}`,
            kind: 'redeem',
            amount: -15n,
            remark: '',
          }),
        ),
      ),
    );
    const fresh = results.filter((r) => r.status === 'fulfilled' && !r.value.replayed);
    expect(fresh).toHaveLength(6);
    const account = await t.db
      .selectFrom('point_accounts')
      .select('balance')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(account.balance).toBe(10n);
  });
});
