import type { OperatorMerchant } from '@khela/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { OperatorContext } from '../../http/context.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { managedOperator } from './operators.ts';

/**
 * Issue 16 item 2: the merchants an operator works on: the home merchant (operators.merchant_id,
 * where they sign in) first, then those granted in operator_merchants, by code. The role is the same
 * on each; a session works on one at a time (operator_sessions.active_merchant_id).
 */
export async function merchantsOf(db: Db, operatorId: number): Promise<OperatorMerchant[]> {
  const { rows } = await sql<OperatorMerchant>`
    SELECT m.id, m.code, m.name, m.id = o.merchant_id AS home
      FROM operators o
      JOIN merchants m
        ON m.id = o.merchant_id
        OR m.id IN (SELECT g.merchant_id FROM operator_merchants g WHERE g.operator_id = o.id)
     WHERE o.id = ${operatorId}
     ORDER BY m.id = o.merchant_id DESC, m.code`.execute(db);
  return rows.map((row) => ({ id: row.id, code: row.code, name: row.name, home: row.home }));
}

/** The merchant of `code` among those the operator works on; refused (403) when it is not one of them. */
export async function grantedMerchant(
  db: Db,
  operatorId: number,
  code: string,
  refusal: 'operator.merchant_not_granted' | 'operator.merchant_not_held' = 'operator.merchant_not_granted',
): Promise<OperatorMerchant> {
  const merchant = (await merchantsOf(db, operatorId)).find((m) => m.code === code);
  if (!merchant) throw new AppError(refusal);
  return merchant;
}

/**
 * Granting and taking away further merchants (permission `operators`): only for an operator of the
 * caller's current merchant whom the caller may manage (mayManageRole), never oneself, and only a
 * merchant the caller works on too, so nobody reaches a merchant through someone else.
 */
export function operatorMerchantsService(db: Db) {
  /** An operator the caller may manage, not the caller; their home merchant is the caller's. */
  async function target(trx: Db, caller: OperatorContext, id: number) {
    if (id === caller.id) throw new AppError('operator.self_change');
    await managedOperator(trx, caller, id);
    return { homeMerchantId: caller.merchantId };
  }
  const heldByCaller = (caller: OperatorContext, code: string) =>
    grantedMerchant(db, caller.id, code, 'operator.merchant_not_held');

  return {
    async list(caller: OperatorContext, id: number) {
      const row = await db
        .selectFrom('operators')
        .select('id')
        .where('merchant_id', '=', caller.merchantId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw new AppError('operator.not_found');
      return merchantsOf(db, id);
    },

    async grant(caller: OperatorContext, actor: AuditActor, id: number, code: string) {
      const merchant = await heldByCaller(caller, code);
      return db.transaction().execute(async (trx) => {
        const operator = await target(trx, caller, id);
        // The home merchant is theirs already: granting it changes nothing.
        if (merchant.id !== operator.homeMerchantId) {
          const added = await trx
            .insertInto('operator_merchants')
            .values({ operator_id: id, merchant_id: merchant.id, granted_by: caller.id })
            .onConflict((oc) => oc.doNothing())
            .returning('merchant_id')
            .executeTakeFirst();
          if (added) {
            await recordAudit(trx, actor, {
              action: 'grant_merchant',
              entity: 'operators',
              entityId: id,
              after: { merchantCode: merchant.code },
            });
          }
        }
        return merchantsOf(trx, id);
      });
    },

    async revoke(caller: OperatorContext, actor: AuditActor, id: number, code: string) {
      const merchant = await heldByCaller(caller, code);
      return db.transaction().execute(async (trx) => {
        const operator = await target(trx, caller, id);
        if (merchant.id === operator.homeMerchantId) throw new AppError('operator.merchant_home');
        const removed = await trx
          .deleteFrom('operator_merchants')
          .where('operator_id', '=', id)
          .where('merchant_id', '=', merchant.id)
          .executeTakeFirst();
        if (removed.numDeletedRows === 1n) {
          // Their sessions on that merchant go home: the next call is scoped by the home merchant.
          await trx
            .updateTable('operator_sessions')
            .set({ active_merchant_id: operator.homeMerchantId })
            .where('operator_id', '=', id)
            .where('active_merchant_id', '=', merchant.id)
            .execute();
          await recordAudit(trx, actor, {
            action: 'revoke_merchant',
            entity: 'operators',
            entityId: id,
            before: { merchantCode: merchant.code },
          });
        }
        return merchantsOf(trx, id);
      });
    },
  };
}
