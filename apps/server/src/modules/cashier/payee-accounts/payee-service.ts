import type { Selectable } from 'kysely';
import type { PayeeAccountsTable, PayeeMethod } from '../../../db/schema.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { cashierSettings } from '../settings.ts';

export interface PayeeAccountInput {
  method: PayeeMethod;
  bankName?: string | undefined;
  branch?: string | undefined;
  accountNumber: string;
  payeeName: string;
}

type PayeeRow = Selectable<PayeeAccountsTable>;

export function toPayeeAccount(row: PayeeRow) {
  return {
    id: row.id,
    method: row.method,
    bankName: row.bank_name,
    branch: row.branch,
    accountNumber: row.account_number,
    payeeName: row.payee_name,
    createdAt: row.created_at.toISOString(),
  };
}

/** Real names compare without case and extra spaces: "Rahim  uddin" is "Rahim Uddin". */
const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/** Bound payee accounts (issue 5 item 4): the payee must be the member's registered real name. */
export function payeeAccounts({ db }: { db: Db }) {
  return {
    async list(memberId: number) {
      const rows = await db
        .selectFrom('payee_accounts')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('removed_at', 'is', null)
        .orderBy('id')
        .execute();
      return rows.map(toPayeeAccount);
    },

    async bind(merchantId: number, memberId: number, input: PayeeAccountInput) {
      if (input.method === 'bank' && !input.bankName) throw new AppError('cashier.bank_name_required');
      // bKash, Nagad and Rocket accounts are Bangladeshi mobile numbers.
      if (input.method !== 'bank' && !/^01\d{9}$/.test(input.accountNumber)) {
        throw AppError.fields([{ field: 'accountNumber', message: '01XXXXXXXXX' }]);
      }
      const settings = await cashierSettings(db, merchantId);
      return db.transaction().execute(async (trx) => {
        const member = await trx
          .selectFrom('members')
          .select(['payee_name'])
          .where('id', '=', memberId)
          .forNoKeyUpdate() // as lockMember (members/repository.ts)
          .executeTakeFirstOrThrow();
        if (member.payee_name === null) {
          // No real name on the profile yet: the first binding records it, once.
          await trx
            .updateTable('members')
            .set({ payee_name: input.payeeName.trim() })
            .where('id', '=', memberId)
            .execute();
        } else if (normalName(member.payee_name) !== normalName(input.payeeName)) {
          throw new AppError('cashier.payee_name_mismatch');
        }
        const live = await trx
          .selectFrom('payee_accounts')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('member_id', '=', memberId)
          .where('removed_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(live.n) >= settings.max_payee_accounts) {
          throw new AppError('cashier.payee_account_limit', { max: settings.max_payee_accounts });
        }
        const row = await trx
          .insertInto('payee_accounts')
          .values({
            merchant_id: merchantId,
            member_id: memberId,
            method: input.method,
            bank_name: input.method === 'bank' ? (input.bankName ?? null) : null,
            branch: input.method === 'bank' ? input.branch || null : null,
            account_number: input.accountNumber,
            payee_name: member.payee_name ?? input.payeeName.trim(),
          })
          .onConflict((oc) => oc.doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new AppError('cashier.payee_account_exists');
        return toPayeeAccount(row);
      });
    },

    async remove(memberId: number, id: number): Promise<null> {
      const result = await db
        .updateTable('payee_accounts')
        .set({ removed_at: new Date() })
        .where('id', '=', id)
        .where('member_id', '=', memberId)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (!result.numUpdatedRows) throw new AppError('cashier.not_found');
      return null;
    },

    async ownLive(db2: Db, memberId: number, id: number): Promise<PayeeRow> {
      const row = await db2
        .selectFrom('payee_accounts')
        .selectAll()
        .where('id', '=', id)
        .where('member_id', '=', memberId)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (!row) throw new AppError('cashier.not_found');
      return row;
    },
  };
}
export type PayeeAccounts = ReturnType<typeof payeeAccounts>;
