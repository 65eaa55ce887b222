import { sql } from 'kysely';
import type {
  ADMIN_CONTRACT_SORTS,
  AdminContractView,
  ContractHistoryAction,
  ContractKind,
  ContractState,
} from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import type { AgentContractState } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { CONTRACT_COLUMNS, contractView, type ContractRow } from './contracts.ts';

export interface AdminContractsQuery {
  agent?: string | undefined;
  state?: ContractState | undefined;
  kind?: ContractKind | undefined;
  sort?: (typeof ADMIN_CONTRACT_SORTS)[number] | undefined;
  order?: 'asc' | 'desc' | undefined;
  pageNo?: number | undefined;
  pageSize?: number | undefined;
}

const SORT_COLUMNS = {
  offeredAt: 'c.offered_at',
  member: 'm.username',
  kind: 'c.kind',
  state: 'c.state',
} as const;

const adminView = (row: ContractRow): AdminContractView => ({
  ...contractView(row),
  memberId: row.member_id,
  offererId: row.offerer_id,
});

/** Issue 16 item 6: the operator's view of every agent contract of the merchant, and one contract's history (§3). */
export function contractsForOperator({ db }: { db: Db }) {
  const contracts = (merchantId: number) =>
    db
      .selectFrom('agent_contracts as c')
      .innerJoin('members as m', 'm.id', 'c.member_id')
      .leftJoin('members as o', 'o.id', 'c.offerer_id')
      .where('c.merchant_id', '=', merchantId);

  const columns = CONTRACT_COLUMNS;

  return {
    async list(merchantId: number, query: AdminContractsQuery) {
      const pageNo = query.pageNo ?? 1;
      const pageSize = query.pageSize ?? 20;
      let q = contracts(merchantId);
      if (query.agent) {
        const text = query.agent.toLowerCase();
        const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
        q = q.where((eb) =>
          eb.or([
            eb(sql<string>`lower(m.username)`, '=', text),
            eb(sql<string>`lower(o.username)`, '=', text),
            ...(id === null ? [] : [eb('c.member_id', '=', id), eb('c.offerer_id', '=', id)]),
          ]),
        );
      }
      if (query.state) q = q.where('c.state', '=', query.state);
      if (query.kind) q = q.where('c.kind', '=', query.kind);
      const order = query.order ?? 'desc';
      const [rows, total] = await Promise.all([
        q
          .select(columns)
          .orderBy(SORT_COLUMNS[query.sort ?? 'offeredAt'], order)
          .orderBy('c.id', order)
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        q.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list: (rows as ContractRow[]).map(adminView), total: Number(total.n), pageNo, pageSize };
    },

    async detail(merchantId: number, id: bigint) {
      const row = (await contracts(merchantId).select(columns).where('c.id', '=', id).executeTakeFirst()) as
        ContractRow | undefined;
      if (!row) throw new AppError('contract.not_found');
      const history = await db
        .selectFrom('agent_contract_history as h')
        .leftJoin('members as a', 'a.id', 'h.actor_member_id')
        .leftJoin('operators as op', 'op.id', 'h.actor_operator_id')
        .select([
          'h.id',
          'h.action',
          'h.actor',
          'a.username as actor_username',
          'op.username as operator_username',
          sql<AgentContractState | null>`h.after->>'state'`.as('state'),
          sql<string | null>`h.after->>'periodStart'`.as('period_start'),
          'h.note',
          'h.created_at',
        ])
        .where('h.contract_id', '=', id)
        .where('h.merchant_id', '=', merchantId)
        .orderBy('h.id', 'desc')
        .limit(200)
        .execute();
      return {
        contract: adminView(row),
        history: history.map((entry) => ({
          id: entry.id.toString(),
          contractId: row.id.toString(),
          kind: row.kind,
          member: row.member_username,
          offerer: row.offerer_username,
          action: entry.action as ContractHistoryAction,
          by:
            entry.actor === 'member' && entry.actor_username !== null
              ? { member: entry.actor_username }
              : entry.actor === 'operator'
                ? ('platform' as const)
                : ('system' as const),
          operator: entry.operator_username,
          state: entry.state,
          periodStart: entry.period_start,
          note: entry.note,
          at: entry.created_at.toISOString(),
        })),
      };
    },
  };
}
