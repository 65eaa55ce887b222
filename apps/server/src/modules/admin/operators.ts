import type { OperatorRole } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { conflictOnDuplicate } from './conflicts.ts';
import { hashPassword } from './passwords.ts';

function toOperator(row: { id: number; username: string; role: OperatorRole; active: boolean }, merchantCode: string) {
  return { id: row.id, username: row.username, role: row.role, merchantCode, active: row.active };
}

/** Operators of one merchant. Usernames are case-insensitive: stored and looked up in lower case. */
export function operatorsService(db: Db) {
  return {
    async list(merchantId: number, merchantCode: string) {
      const rows = await db
        .selectFrom('operators')
        .select(['id', 'username', 'role', 'active'])
        .where('merchant_id', '=', merchantId)
        .orderBy('id')
        .execute();
      return rows.map((row) => toOperator(row, merchantCode));
    },

    async create(
      actor: AuditActor,
      merchantCode: string,
      input: { username: string; password: string; role: OperatorRole },
    ) {
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
            .returning(['id', 'username', 'role', 'active'])
            .executeTakeFirstOrThrow();
          const operator = toOperator(row, merchantCode);
          await recordAudit(trx, actor, { action: 'create', entity: 'operators', entityId: row.id, after: operator });
          return operator;
        }),
      );
    },
  };
}
export type OperatorsService = ReturnType<typeof operatorsService>;
