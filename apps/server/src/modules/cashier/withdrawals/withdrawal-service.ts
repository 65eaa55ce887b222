import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { isTrialType, type Withdrawal } from '@khela/contracts';
import { parseMinor, toDecimalString } from '@khela/money';
import type { Db } from '../../../db/database.ts';
import type { WithdrawalReceipt, WithdrawalsTable, WithdrawalStatus } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../../http/context.ts';
import { recordAudit, type AuditActor } from '../../audit/audit-log.ts';
import type { LedgerAccountRef } from '../../ledger/accounts.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { notifyMember, type NotificationKind } from '../../notifications/notify.ts';
import { memberNames } from '../deposits/deposit-service.ts';
import type { PayeeAccounts } from '../payee-accounts/payee-service.ts';
import { toPayeeAccount } from '../payee-accounts/payee-service.ts';
import type { PaymentPasswords } from '../payee-accounts/payment-password.ts';
import { isoOrNull, pageOfRows, type RecordsQuery } from '../records.ts';
import { queuePage, type QueuePaging } from '../queue-search.ts';
import { cashierSettings } from '../settings.ts';
import { attachUploads } from '../uploads/upload-service.ts';
import { remainingTurnover } from './turnover.ts';
import { lockMember } from '../../members/repository.ts';

type WithdrawalRow = Selectable<WithdrawalsTable>;

export interface WithdrawalInput {
  requestId: string;
  amount: string;
  payeeAccountId: number;
  paymentPassword: string;
}

/** Operator steps: from which states each may start, what it moves, what the member is told. */
const STEPS = {
  approve: { from: ['pending'], to: 'approved', money: null, notify: 'withdrawal.approved' },
  pay: { from: ['approved'], to: 'paid', money: 'pay', notify: 'withdrawal.paid' },
  reject: { from: ['pending', 'approved'], to: 'rejected', money: 'release', notify: 'withdrawal.rejected' },
  fail: { from: ['approved'], to: 'failed', money: 'release', notify: 'withdrawal.failed' },
} as const satisfies Record<
  string,
  { from: WithdrawalStatus[]; to: WithdrawalStatus; money: 'pay' | 'release' | null; notify: NotificationKind }
>;
export type WithdrawalStep = keyof typeof STEPS;

/** Withdrawals (issue 5 item 4): the amount is held on request and paid or released by an operator. */
export function withdrawalService(deps: {
  db: Db;
  ledger: Ledger;
  payees: PayeeAccounts;
  paymentPasswords: PaymentPasswords;
}) {
  const { db, ledger } = deps;

  async function viewOf(database: Db, rows: WithdrawalRow[]): Promise<Withdrawal[]> {
    if (!rows.length) return [];
    const [accounts, proofs] = await Promise.all([
      database
        .selectFrom('payee_accounts')
        .selectAll()
        .where('id', 'in', [...new Set(rows.map((r) => r.payee_account_id))])
        .execute(),
      database
        .selectFrom('uploads')
        .select(['id', 'withdrawal_id'])
        .where(
          'withdrawal_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .execute(),
    ]);
    const accountById = new Map(accounts.map((a) => [a.id, a]));
    return rows.map((row) => ({
      id: Number(row.id),
      requestId: row.request_id,
      amount: toDecimalString(row.amount),
      currency: row.currency,
      payeeAccount: toPayeeAccount(accountById.get(row.payee_account_id)!),
      status: row.status,
      reason: row.reason,
      receipt: row.receipt,
      confirmDeadline: isoOrNull(row.confirm_deadline),
      proofUploadIds: proofs.filter((p) => p.withdrawal_id === row.id).map((p) => Number(p.id)),
      createdAt: row.created_at.toISOString(),
      paidAt: isoOrNull(row.paid_at),
    }));
  }

  /** Withdrawals made in the last 24 hours that still count (rejected and failed ones do not). */
  async function usedToday(database: Db, memberId: number): Promise<number> {
    const row = await database
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .where('status', 'not in', ['rejected', 'failed'])
      .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * §4: a paid withdrawal left unconfirmed past its deadline counts as received. One statement,
   * safe with any number of instances running it at once; run by a timer and before every read.
   */
  async function sweepReceipts(memberId?: number): Promise<number> {
    let update = db
      .updateTable('withdrawals')
      .set({ receipt: 'auto_received', receipt_at: sql<Date>`now()` })
      .where('status', '=', 'paid')
      .where('receipt', 'is', null)
      .where('confirm_deadline', '<', sql<Date>`now()`);
    if (memberId !== undefined) update = update.where('member_id', '=', memberId);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  const withMember = async (database: Db, rows: WithdrawalRow[]) => {
    const names = await memberNames(
      database,
      rows.map((r) => r.member_id),
    );
    return (await viewOf(database, rows)).map((view, i) => ({
      ...view,
      memberId: rows[i]!.member_id,
      username: names.get(rows[i]!.member_id) ?? '',
    }));
  };

  return {
    sweepReceipts,

    async settings(merchant: MerchantContext, memberId: number) {
      const [settings, used, remaining, accounts, member] = await Promise.all([
        cashierSettings(db, merchant.id),
        usedToday(db, memberId),
        remainingTurnover(db, memberId),
        deps.payees.list(memberId),
        db
          .selectFrom('members')
          .select(['payee_name', 'payment_password_hash'])
          .where('id', '=', memberId)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        allowWithdraw: used < settings.withdraw_daily_count ? ('Y' as const) : ('N' as const),
        currency: merchant.currency,
        minimumAmount: toDecimalString(settings.withdraw_min),
        maximumAmount: toDecimalString(settings.withdraw_max),
        dailyCount: settings.withdraw_daily_count,
        dailyUsed: used,
        remainingTurnover: toDecimalString(remaining),
        paymentPasswordSet: member.payment_password_hash !== null,
        payeeName: member.payee_name,
        maxPayeeAccounts: settings.max_payee_accounts,
        accounts,
        receiptConfirmMinutes: settings.receipt_confirm_minutes,
      };
    },

    async create(merchant: MerchantContext, member: MemberContext, input: WithdrawalInput): Promise<Withdrawal> {
      // §6: a trial account has no real money to take out (self-excluded members still may).
      if (isTrialType(member.type)) throw new AppError('auth.trial_account');
      const amount = parseMinor(input.amount);
      const settings = await cashierSettings(db, merchant.id);
      if (amount < settings.withdraw_min || amount > settings.withdraw_max) {
        throw new AppError('cashier.amount_out_of_range', {
          min: toDecimalString(settings.withdraw_min),
          max: toDecimalString(settings.withdraw_max),
        });
      }
      await deps.paymentPasswords.verify(member.id, input.paymentPassword);

      return db.transaction().execute(async (trx) => {
        // One member's withdrawals are decided one at a time (daily count, turnover, hold).
        await lockMember(trx, member.id);
        const existing = await trx
          .selectFrom('withdrawals')
          .selectAll()
          .where('member_id', '=', member.id)
          .where('request_id', '=', input.requestId)
          .executeTakeFirst();
        if (existing) {
          if (existing.amount !== amount || existing.payee_account_id !== input.payeeAccountId) {
            throw new AppError('cashier.request_reused');
          }
          return (await viewOf(trx, [existing]))[0]!;
        }
        await deps.payees.ownLive(trx, member.id, input.payeeAccountId);
        const used = await usedToday(trx, member.id);
        if (used >= settings.withdraw_daily_count) {
          throw new AppError('cashier.withdraw_daily_limit', { dailyCount: settings.withdraw_daily_count, used });
        }
        const remaining = await remainingTurnover(trx, member.id);
        if (remaining > 0n)
          throw new AppError('cashier.turnover_incomplete', { remaining: toDecimalString(remaining) });
        const row = await trx
          .insertInto('withdrawals')
          .values({
            merchant_id: merchant.id,
            member_id: member.id,
            payee_account_id: input.payeeAccountId,
            amount,
            currency: merchant.currency,
            request_id: input.requestId,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        // The hold commits with the row or not at all; too little money refuses both.
        await ledger.post(
          {
            merchantId: merchant.id,
            currency: merchant.currency,
            idempotencyKey: `withdrawal-hold:${row.id}`,
            kind: 'withdrawal_hold',
            postings: [
              { account: { kind: 'member_main', memberId: member.id }, amount: -amount },
              { account: { kind: 'withdrawal_hold', memberId: member.id }, amount },
            ],
            reference: { withdrawalId: row.id.toString() },
          },
          trx,
        );
        return (await viewOf(trx, [row]))[0]!;
      });
    },

    /** The member's withdrawals in the query's days, the merchant's days (`timeZone`). */
    async listForMember(
      memberId: number,
      query: RecordsQuery & { status?: WithdrawalStatus | undefined },
      timeZone: string,
    ) {
      await sweepReceipts(memberId);
      let base = db.selectFrom('withdrawals').selectAll().where('member_id', '=', memberId);
      if (query.status) base = base.where('status', '=', query.status);
      return pageOfRows(base, query, timeZone, (rows) => viewOf(db, rows));
    },

    async listForOperator(merchantId: number, query: QueuePaging, search: RawBuilder<SqlBool>[] = []) {
      await sweepReceipts();
      const base = db.selectFrom('withdrawals').selectAll().where('merchant_id', '=', merchantId);
      const { rows, ...page } = await queuePage(base, query, search);
      return { list: await withMember(db, rows), ...page };
    },

    /**
     * An operator step, exactly once: the row moves only from an allowed state (a row lock
     * orders concurrent calls), its money moves in the same transaction under a key of its own,
     * and a repeat of a step already taken answers the current state.
     */
    async step(actor: AuditActor, id: number, step: WithdrawalStep, reason: string | null) {
      const rule = STEPS[step];
      return db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('withdrawals')
          .selectAll()
          .where('id', '=', BigInt(id))
          .where('merchant_id', '=', actor.merchantId)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw new AppError('cashier.not_found');
        if (current.status === rule.to) return (await withMember(trx, [current]))[0]!;
        if (!(rule.from as readonly WithdrawalStatus[]).includes(current.status)) {
          throw new AppError('cashier.invalid_state', { status: current.status });
        }
        const settings = await cashierSettings(trx, actor.merchantId);
        const row = await trx
          .updateTable('withdrawals')
          .set({
            status: rule.to,
            reviewed_by: actor.operatorId,
            reviewed_at: sql<Date>`now()`,
            ...(reason !== null && { reason }),
            ...(rule.to === 'paid' && {
              paid_at: sql<Date>`now()`,
              confirm_deadline: sql<Date>`now() + make_interval(mins => ${settings.receipt_confirm_minutes})`,
            }),
          })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (rule.money) {
          const hold: LedgerAccountRef = { kind: 'withdrawal_hold', memberId: row.member_id };
          const to: LedgerAccountRef =
            rule.money === 'pay' ? { kind: 'payout_clearing' } : { kind: 'member_main', memberId: row.member_id };
          await ledger.post(
            {
              merchantId: actor.merchantId,
              currency: row.currency,
              idempotencyKey: `${rule.money === 'pay' ? 'withdrawal-pay' : 'withdrawal-release'}:${row.id}`,
              kind: rule.money === 'pay' ? 'withdrawal_pay' : 'withdrawal_release',
              postings: [
                { account: hold, amount: -row.amount },
                { account: to, amount: row.amount },
              ],
              reference: { withdrawalId: row.id.toString() },
            },
            trx,
          );
        }
        await notifyMember(trx, {
          merchantId: actor.merchantId,
          memberId: row.member_id,
          kind: rule.notify,
          reference: { withdrawalId: Number(row.id), amount: row.amount.toString() },
        });
        await recordAudit(trx, actor, {
          action: step,
          entity: 'withdrawals',
          entityId: Number(row.id),
          before: { status: current.status },
          after: { status: row.status, amount: toDecimalString(row.amount), memberId: row.member_id, reason },
        });
        return (await withMember(trx, [row]))[0]!;
      });
    },

    /** §4 receipt: the member's answer to a paid withdrawal; not received needs proof images. */
    async confirmReceipt(
      memberId: number,
      id: number,
      outcome: Exclude<WithdrawalReceipt, 'auto_received'>,
      proofUploadIds: number[],
    ): Promise<Withdrawal> {
      if (outcome === 'not_received' && !proofUploadIds.length) throw new AppError('cashier.proof_required');
      await sweepReceipts(memberId);
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('withdrawals')
          .set({ receipt: outcome, receipt_at: sql<Date>`now()` })
          .where('id', '=', BigInt(id))
          .where('member_id', '=', memberId)
          .where('status', '=', 'paid')
          .where('receipt', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (!row) {
          const current = await trx
            .selectFrom('withdrawals')
            .select(['status', 'receipt'])
            .where('id', '=', BigInt(id))
            .where('member_id', '=', memberId)
            .executeTakeFirst();
          if (!current) throw new AppError('cashier.not_found');
          throw new AppError('cashier.invalid_state', { status: current.status, receipt: current.receipt });
        }
        if (outcome === 'not_received') await attachUploads(trx, memberId, proofUploadIds, { withdrawal_id: row.id });
        return (await viewOf(trx, [row]))[0]!;
      });
    },
  };
}
export type WithdrawalService = ReturnType<typeof withdrawalService>;
