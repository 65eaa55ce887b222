import type { OperatorRole } from '@khela/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { OperatorContext } from '../../http/context.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { conflictOnDuplicate } from './conflicts.ts';
import { hashPassword } from './passwords.ts';
import { mayManageRole } from './permissions.ts';

interface OperatorRowData {
  id: number;
  username: string;
  role: OperatorRole;
  active: boolean;
  totp_enabled_at: Date | null;
  created_at: Date;
}

const COLUMNS = ['id', 'username', 'role', 'active', 'totp_enabled_at', 'created_at'] as const;

/** The public shape (and the audit log's): never a hash or a secret. */
function toOperator(row: OperatorRowData, merchantCode: string) {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    merchantCode,
    active: row.active,
    totpEnabled: row.totp_enabled_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}

export type OperatorChange = { role?: OperatorRole | undefined; active?: boolean | undefined };

/** Ends every session of an operator (disabled, new password): their next call is a 401. */
export async function revokeOperatorSessions(db: Db, operatorId: number): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Operators of one merchant (issue 16 item 1). Usernames are case-insensitive: stored and looked
 * up in lower case. Nobody hands out a role that may do more than their own (mayManageRole), nor
 * changes their own role or status: a merchant cannot lose its last manager by a slip.
 */
/** An operator of the caller's merchant, locked for a change, when the caller may manage it. */
export async function managedOperator(trx: Db, caller: OperatorContext, id: number) {
  const row = await trx
    .selectFrom('operators')
    .select(COLUMNS)
    .where('merchant_id', '=', caller.merchantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('operator.not_found');
  if (!mayManageRole(caller.role, row.role)) throw new AppError('operator.role_above_own');
  return row;
}

export function operatorsService(db: Db) {
  return {
    async list(
      merchantId: number,
      merchantCode: string,
      query: { username?: string | undefined; limit: number; afterId?: number | undefined; order?: 'asc' | 'desc' },
    ) {
      const order = query.order ?? 'asc';
      let select = db
        .selectFrom('operators')
        .select(COLUMNS)
        .where('merchant_id', '=', merchantId)
        .orderBy('id', order)
        .limit(query.limit);
      if (query.username)
        select = select.where('username', 'like', `${query.username.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
      // The last id of the previous page, in the order asked (issue 16 Quality).
      if (query.afterId !== undefined) select = select.where('id', order === 'asc' ? '>' : '<', query.afterId);
      return (await select.execute()).map((row) => toOperator(row, merchantCode));
    },

    async create(
      caller: OperatorContext,
      actor: AuditActor,
      input: { username: string; password: string; role: OperatorRole },
    ) {
      if (!mayManageRole(caller.role, input.role)) throw new AppError('operator.role_above_own');
      const passwordHash = await hashPassword(input.password);
      return conflictOnDuplicate(() =>
        db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('operators')
            .values({
              merchant_id: actor.merchantId,
              username: input.username.toLowerCase(),
              password_hash: passwordHash,
              role: input.role,
            })
            .returning(COLUMNS)
            .executeTakeFirstOrThrow();
          const operator = toOperator(row, caller.merchantCode);
          await recordAudit(trx, actor, { action: 'create', entity: 'operators', entityId: row.id, after: operator });
          return operator;
        }),
      );
    },

    async update(caller: OperatorContext, actor: AuditActor, id: number, change: OperatorChange) {
      if (id === caller.id) throw new AppError('operator.self_change');
      if (change.role !== undefined && !mayManageRole(caller.role, change.role)) {
        throw new AppError('operator.role_above_own');
      }
      return db.transaction().execute(async (trx) => {
        const before = await managedOperator(trx, caller, id);
        const row = await trx
          .updateTable('operators')
          .set({ role: change.role ?? before.role, active: change.active ?? before.active })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        if (!row.active) await revokeOperatorSessions(trx, id);
        const [was, is] = [toOperator(before, caller.merchantCode), toOperator(row, caller.merchantCode)];
        const action = before.active && !row.active ? 'disable' : !before.active && row.active ? 'enable' : 'update';
        await recordAudit(trx, actor, { action, entity: 'operators', entityId: id, before: was, after: is });
        return is;
      });
    },

    async resetPassword(caller: OperatorContext, actor: AuditActor, id: number, password: string) {
      if (id === caller.id) throw new AppError('operator.self_change');
      const passwordHash = await hashPassword(password);
      return db.transaction().execute(async (trx) => {
        const row = await managedOperator(trx, caller, id);
        await trx.updateTable('operators').set({ password_hash: passwordHash }).where('id', '=', id).execute();
        await revokeOperatorSessions(trx, id);
        const operator = toOperator(row, caller.merchantCode);
        await recordAudit(trx, actor, { action: 'password_reset', entity: 'operators', entityId: id, after: operator });
        return operator;
      });
    },

    /** A lost phone: another manager removes the two-factor; the operator enrols again. */
    async resetTotp(caller: OperatorContext, actor: AuditActor, id: number) {
      if (id === caller.id) throw new AppError('operator.self_change');
      return db.transaction().execute(async (trx) => {
        const before = await managedOperator(trx, caller, id);
        const row = await trx
          .updateTable('operators')
          .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('operator_recovery_codes').where('operator_id', '=', id).execute();
        const [was, is] = [toOperator(before, caller.merchantCode), toOperator(row, caller.merchantCode)];
        await recordAudit(trx, actor, {
          action: 'totp_reset',
          entity: 'operators',
          entityId: id,
          before: was,
          after: is,
        });
        return is;
      });
    },
  };
}
export type OperatorsService = ReturnType<typeof operatorsService>;
