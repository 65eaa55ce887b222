import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { endpoints } from '@khela/contracts';
import { toDecimalString } from '@khela/money';
import type { Db } from '../../../db/database.ts';
import type { AppDeps } from '../../../deps.ts';
import { registerEndpoint } from '../../../http/route.ts';

type TransfersQuery = z.output<typeof endpoints.admin.gameTransfers.list.query>;

/** Issue 16 item 5: the transfer-wallet reconciliation view (read only; reconciliation.ts settles). */
export function transfersAdmin(db: Db) {
  return {
    async list(merchantId: number, query: TransfersQuery) {
      let base = db
        .selectFrom('game_wallet_transfers as t')
        .innerJoin('members as m', 'm.id', 't.member_id')
        .innerJoin('vendors as v', 'v.id', 't.integration_id')
        .where('t.merchant_id', '=', merchantId);
      if (query.username) base = base.where('m.username', '=', query.username);
      if (query.integrationCode) base = base.where('v.code', '=', query.integrationCode);
      const filtered = query.state ? base.where('t.state', '=', query.state) : base;
      const pageSize = query.pageSize ?? 20;
      const pageNo = query.pageNo ?? 1;
      const order = query.order ?? 'desc';
      const [rows, counted, pending] = await Promise.all([
        filtered
          .select([
            't.id',
            't.reference',
            't.member_id',
            'm.username',
            'v.code',
            't.direction',
            't.amount',
            't.state',
            't.origin',
            't.attempts',
            't.last_error',
            't.created_at',
            't.settled_at',
          ])
          .orderBy('t.created_at', order)
          .orderBy('t.id', order)
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .where('t.state', '=', 'pending')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((row) => ({
          id: Number(row.id),
          reference: row.reference,
          memberId: row.member_id,
          username: row.username,
          integrationCode: row.code,
          direction: row.direction,
          amount: toDecimalString(row.amount),
          state: row.state,
          origin: row.origin,
          attempts: row.attempts,
          lastError: row.last_error,
          createdAt: row.created_at.toISOString(),
          settledAt: row.settled_at?.toISOString() ?? null,
        })),
        total: Number(counted.n),
        pending: Number(pending.n),
        pageNo,
        pageSize,
      };
    },
  };
}

export function registerTransferAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const transfers = transfersAdmin(deps.db);
  registerEndpoint(app, deps, endpoints.admin.gameTransfers.list, ({ merchant, query }) =>
    transfers.list(merchant.id, query),
  );
}
