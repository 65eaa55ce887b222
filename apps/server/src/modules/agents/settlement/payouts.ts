import { sql } from 'kysely';
import { toDecimalString } from '@khela/money';
import { bpToRate, type ContractKind, type PayoutView } from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../../http/context.ts';
import { localDay } from './periods.ts';

export interface PayoutsQuery {
  kind?: ContractKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
  pageNo?: number | undefined;
  pageSize?: number | undefined;
  status?: 'held' | 'paid' | 'skipped' | undefined;
  member?: string | undefined;
  sort?: 'periodStart' | 'amount' | 'member' | undefined;
  order?: 'asc' | 'desc' | undefined;
}

const SORT_COLUMNS = { periodStart: 'p.period_start', amount: 'p.amount', member: 'm.username' } as const;

const DAY = 86_400_000;

/**
 * The §9 window: `from`..`to` local days (the merchant's calendar, `timeZone`), 90 days at most,
 * default the last 30 up to the merchant's today.
 */
function windowOf(query: PayoutsQuery, timeZone: string) {
  const to = query.to ?? localDay(timeZone, new Date());
  const from = query.from ?? new Date(Date.parse(to) - 29 * DAY).toISOString().slice(0, 10);
  if (Date.parse(from) > Date.parse(to) || Date.parse(to) - Date.parse(from) > 90 * DAY) {
    throw new AppError('request.invalid');
  }
  return { from, to };
}

interface PayoutRow {
  id: bigint;
  contract_id: bigint;
  kind: ContractKind;
  member_username: string;
  payer_username: string | null;
  period_start: Date;
  period_end: Date;
  active_members: number;
  valid_bet: bigint;
  profit_loss: bigint;
  basis: bigint;
  rate_bp: number;
  amount: bigint;
  status: 'held' | 'paid' | 'skipped';
  held_reason: 'operator' | 'insufficient_funds' | null;
  ledger_transaction_id: bigint | null;
}

/** The columns of a PayoutRow, from `p` (the payout), `m` (its member) and `o` (its payer). */
const PAYOUT_COLUMNS = [
  'p.id',
  'p.contract_id',
  'p.kind',
  'm.username as member_username',
  'o.username as payer_username',
  'p.period_start',
  'p.period_end',
  'p.active_members',
  'p.valid_bet',
  'p.profit_loss',
  'p.basis',
  'p.rate_bp',
  'p.amount',
  'p.status',
  'p.held_reason',
  'p.ledger_transaction_id',
] as const;

export function payoutView(row: PayoutRow): PayoutView {
  return {
    id: row.id.toString(),
    contractId: row.contract_id.toString(),
    kind: row.kind,
    member: row.member_username,
    periodStart: row.period_start.toISOString(),
    periodEnd: row.period_end.toISOString(),
    activeMembers: row.active_members,
    validBet: toDecimalString(row.valid_bet),
    profitLoss: toDecimalString(row.profit_loss),
    basis: toDecimalString(row.basis),
    rate: bpToRate(row.rate_bp),
    amount: toDecimalString(row.amount),
    status: row.status,
    heldReason: row.held_reason,
    transactionId: row.ledger_transaction_id?.toString() ?? null,
  };
}

/** Payout records: the member's own (agent centre pages, my income) and the operator's list. */
export function payoutRecords({ db }: { db: Db }) {
  /** Payout rows with the usernames of their member and payer (PAYOUT_COLUMNS reads them). */
  const payouts = () =>
    db
      .selectFrom('agent_contract_payouts as p')
      .innerJoin('members as m', 'm.id', 'p.member_id')
      .leftJoin('members as o', 'o.id', 'p.payer_member_id');

  function base(merchant: MerchantContext, query: PayoutsQuery) {
    const { from, to } = windowOf(query, merchant.timeZone);
    let q = payouts()
      .where('p.merchant_id', '=', merchant.id)
      .where(
        sql<boolean>`(p.period_start AT TIME ZONE ${merchant.timeZone})::date BETWEEN ${from}::date AND ${to}::date`,
      );
    if (query.kind) q = q.where('p.kind', '=', query.kind);
    if (query.status) q = q.where('p.status', '=', query.status);
    if (query.member) q = q.where(sql<string>`lower(m.username)`, '=', query.member.toLowerCase());
    return { q, from, to };
  }

  /** One page of payouts, newest period first, each row shown by `view`. */
  async function page<T>(q: ReturnType<typeof base>['q'], query: PayoutsQuery, view: (row: PayoutRow) => T) {
    const pageNo = query.pageNo ?? 1;
    const pageSize = query.pageSize ?? 20;
    const [rows, total] = await Promise.all([
      q
        .select(PAYOUT_COLUMNS)
        .orderBy(SORT_COLUMNS[query.sort ?? 'periodStart'], query.order ?? 'desc')
        .orderBy('p.id', query.order ?? 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute(),
      q.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: (rows as PayoutRow[]).map(view), total: Number(total.n), pageNo, pageSize };
  }

  return {
    async mine(member: MemberContext, merchant: MerchantContext, query: PayoutsQuery) {
      const { q } = base(merchant, query);
      // Paid and held periods: a skipped one (nothing due) is not a record of the member's.
      return page(q.where('p.member_id', '=', member.id).where('p.status', '!=', 'skipped'), query, payoutView);
    },

    async income(member: MemberContext, merchant: MerchantContext, query: PayoutsQuery) {
      const { q, from, to } = base(merchant, query);
      const rows = await q
        .where('p.status', '=', 'paid')
        .where((eb) => eb.or([eb('p.member_id', '=', member.id), eb('p.payer_member_id', '=', member.id)]))
        .select([
          'p.kind',
          sql<string>`coalesce(sum(p.amount) FILTER (WHERE p.member_id = ${member.id}), 0)::text`.as('received'),
          sql<string>`coalesce(sum(p.amount) FILTER (WHERE p.payer_member_id = ${member.id}), 0)::text`.as('paid_out'),
          sql<number>`(count(*) FILTER (WHERE p.member_id = ${member.id}))::int`.as('count'),
        ])
        .groupBy('p.kind')
        .execute();
      const kinds = (['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'] as const).map((kind) => {
        const row = rows.find((r) => r.kind === kind);
        return {
          kind,
          received: BigInt(row?.received ?? 0),
          paidOut: BigInt(row?.paid_out ?? 0),
          count: row?.count ?? 0,
        };
      });
      const received = kinds.reduce((s, k) => s + k.received, 0n);
      const paidOut = kinds.reduce((s, k) => s + k.paidOut, 0n);
      return {
        from,
        to,
        kinds: kinds.map((k) => ({
          kind: k.kind,
          received: toDecimalString(k.received),
          paidOut: toDecimalString(k.paidOut),
          count: k.count,
        })),
        received: toDecimalString(received),
        paidOut: toDecimalString(paidOut),
        net: toDecimalString(received - paidOut),
      };
    },

    async forOperator(merchant: MerchantContext, query: PayoutsQuery) {
      const { q } = base(merchant, query);
      return page(q, query, (row) => ({ ...payoutView(row), payer: row.payer_username }));
    },

    async one(merchantId: number, contractId: bigint, periodStart: Date) {
      const row = await payouts()
        .select(PAYOUT_COLUMNS)
        .where('p.merchant_id', '=', merchantId)
        .where('p.contract_id', '=', contractId)
        .where('p.period_start', '=', periodStart)
        .executeTakeFirst();
      if (!row) throw new AppError('contract.payout_not_found');
      return payoutView(row as PayoutRow);
    },
  };
}
