import type { Selectable } from 'kysely';
import { parseMinor, toDecimalString } from '@khela/money';
import type { Db } from '../../../db/database.ts';
import type { AdjustmentsTable } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MerchantContext } from '../../../http/context.ts';
import { recordAudit, type AuditActor } from '../../audit/audit-log.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { memberNames } from '../deposits/deposit-service.ts';
import { cashierSettings } from '../settings.ts';

type AdjustmentRow = Selectable<AdjustmentsTable>;

export interface AdjustmentInput {
  requestId: string;
  memberId: number;
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
}

/**
 * Manual adjustments (issue 5 item 8): an operator credits or debits a member's main wallet
 * against the adjustment account, with a reason. Above the merchant's threshold a second,
 * different operator must confirm before any money moves (four eyes).
 */
export function adjustmentService({ db, ledger }: { db: Db; ledger: Ledger }) {
  async function view(database: Db, rows: AdjustmentRow[]) {
    const names = await memberNames(
      database,
      rows.map((r) => r.member_id),
    );
    return rows.map((row) => ({
      id: Number(row.id),
      requestId: row.request_id,
      memberId: row.member_id,
      username: names.get(row.member_id) ?? '',
      direction: row.amount > 0n ? ('credit' as const) : ('debit' as const),
      amount: toDecimalString(row.amount > 0n ? row.amount : -row.amount),
      currency: row.currency,
      reason: row.reason,
      status: row.status,
      requestedBy: row.requested_by,
      confirmedBy: row.confirmed_by,
      createdAt: row.created_at.toISOString(),
      appliedAt: row.applied_at ? row.applied_at.toISOString() : null,
    }));
  }
  const viewOne = async (database: Db, row: AdjustmentRow) => (await view(database, [row]))[0]!;

  async function apply(trx: Db, row: AdjustmentRow) {
    await ledger.post(
      {
        merchantId: row.merchant_id,
        currency: row.currency,
        idempotencyKey: `adjustment:${row.id}`,
        kind: 'adjustment',
        postings: [
          { account: { kind: 'member_main', memberId: row.member_id }, amount: row.amount },
          { account: { kind: 'adjustment' }, amount: -row.amount },
        ],
        reference: { adjustmentId: row.id.toString() },
      },
      trx,
    );
  }

  return {
    async list(merchantId: number, query: { status?: 'pending' | 'applied' | undefined; limit: number }) {
      let select = db.selectFrom('adjustments').selectAll().where('merchant_id', '=', merchantId);
      if (query.status) select = select.where('status', '=', query.status);
      return view(db, await select.orderBy('id', 'desc').limit(query.limit).execute());
    },

    async create(actor: AuditActor & { operatorId: number }, merchant: MerchantContext, input: AdjustmentInput) {
      const magnitude = parseMinor(input.amount);
      const amount = input.direction === 'credit' ? magnitude : -magnitude;
      const settings = await cashierSettings(db, merchant.id);
      return db.transaction().execute(async (trx) => {
        const member = await trx
          .selectFrom('members')
          .select('id')
          .where('id', '=', input.memberId)
          .where('merchant_id', '=', merchant.id)
          .executeTakeFirst();
        if (!member) throw new AppError('cashier.not_found');
        const existing = await trx
          .selectFrom('adjustments')
          .selectAll()
          .where('merchant_id', '=', merchant.id)
          .where('request_id', '=', input.requestId)
          .executeTakeFirst();
        if (existing) {
          if (existing.member_id !== input.memberId || existing.amount !== amount || existing.reason !== input.reason) {
            throw new AppError('cashier.request_reused');
          }
          return viewOne(trx, existing);
        }
        const needsSecondOperator = magnitude > settings.adjustment_threshold;
        const row = await trx
          .insertInto('adjustments')
          .values({
            merchant_id: merchant.id,
            member_id: input.memberId,
            amount,
            currency: merchant.currency,
            reason: input.reason,
            request_id: input.requestId,
            status: needsSecondOperator ? 'pending' : 'applied',
            requested_by: actor.operatorId,
            applied_at: needsSecondOperator ? null : new Date(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (!needsSecondOperator) await apply(trx, row);
        const shown = await viewOne(trx, row);
        await recordAudit(trx, actor, {
          action: needsSecondOperator ? 'request' : 'apply',
          entity: 'adjustments',
          entityId: shown.id,
          after: shown,
        });
        return shown;
      });
    },

    /** The second operator's confirmation: never by whoever asked; a repeat answers the state. */
    async confirm(actor: AuditActor & { operatorId: number }, id: number) {
      return db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('adjustments')
          .selectAll()
          .where('id', '=', BigInt(id))
          .where('merchant_id', '=', actor.merchantId)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw new AppError('cashier.not_found');
        if (current.status === 'applied') return viewOne(trx, current);
        if (current.requested_by === actor.operatorId) throw new AppError('cashier.same_operator');
        const row = await trx
          .updateTable('adjustments')
          .set({ status: 'applied', confirmed_by: actor.operatorId, applied_at: new Date() })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await apply(trx, row);
        const shown = await viewOne(trx, row);
        await recordAudit(trx, actor, {
          action: 'confirm',
          entity: 'adjustments',
          entityId: shown.id,
          before: { status: 'pending' },
          after: shown,
        });
        return shown;
      });
    },
  };
}
export type AdjustmentService = ReturnType<typeof adjustmentService>;
