import type { RawBuilder, Selectable, SqlBool } from 'kysely';
import { gatewayCallbackSchema, type Deposit, type Language } from '@khela/contracts';
import { parseMinor, toDecimalString } from '@khela/money';
import type { Db } from '../../../db/database.ts';
import type { DepositsTable, DepositStatus, PaymentChannelsTable } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../../http/context.ts';
import { recordAudit, type AuditActor } from '../../audit/audit-log.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { notifyMember } from '../../notifications/notify.ts';
import { assertMayWager } from '../../protection/guards.ts';
import { isoOrNull, pageOfRows, type RecordsQuery } from '../records.ts';
import { queuePage, type QueuePaging } from '../queue-search.ts';
import { gatewayByCode, newGatewayOrder } from '../gateway/payment-gateway.ts';
import { attachUploads } from '../uploads/upload-service.ts';
import type { DepositLimits } from './deposit-limits.ts';
import { lockMember } from '../../members/repository.ts';
import { promotions } from '../../promotions/promotions.ts';

type DepositRow = Selectable<DepositsTable>;
type ChannelRow = Selectable<PaymentChannelsTable>;

export interface DepositInput {
  requestId: string;
  channelId: number;
  amount: string;
  referenceNumber?: string | undefined;
  receiptUploadIds?: number[] | undefined;
}

const localized = (text: { bn: string; en: string }, language: Language) => text[language] || text.en;

export function depositService({ db, ledger, limits }: { db: Db; ledger: Ledger; limits: DepositLimits }) {
  async function viewOf(database: Db, rows: DepositRow[]): Promise<Deposit[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [channels, uploads] = await Promise.all([
      database
        .selectFrom('payment_channels')
        .select(['id', 'code', 'method', 'gateway'])
        .where('id', 'in', [...new Set(rows.map((r) => r.channel_id))])
        .execute(),
      database
        .selectFrom('uploads')
        .select(['id', 'deposit_id'])
        .where('deposit_id', 'in', ids)
        .orderBy('id')
        .execute(),
    ]);
    const channelById = new Map(channels.map((c) => [c.id, c]));
    return rows.map((row) => {
      const channel = channelById.get(row.channel_id)!;
      const gateway = gatewayByCode(channel.gateway);
      return {
        id: Number(row.id),
        requestId: row.request_id,
        channelId: row.channel_id,
        channelCode: channel.code,
        method: channel.method,
        amount: toDecimalString(row.amount),
        currency: row.currency,
        referenceNumber: row.reference_number,
        status: row.status,
        reason: row.reason,
        receiptUploadIds: uploads.filter((u) => u.deposit_id === row.id).map((u) => Number(u.id)),
        paymentUrl:
          gateway && row.gateway_order && row.status === 'pending'
            ? gateway.paymentUrl({ order: row.gateway_order, amount: row.amount, currency: row.currency })
            : null,
        createdAt: row.created_at.toISOString(),
        reviewedAt: isoOrNull(row.reviewed_at),
      };
    });
  }
  const viewOne = async (database: Db, row: DepositRow) => (await viewOf(database, [row]))[0]!;

  async function channelFor(merchantId: number, channelId: number): Promise<ChannelRow> {
    const channel = await db
      .selectFrom('payment_channels')
      .selectAll()
      .where('id', '=', channelId)
      .where('merchant_id', '=', merchantId)
      .where('enabled', '=', true)
      .executeTakeFirst();
    if (!channel) throw new AppError('cashier.channel_unavailable');
    return channel;
  }

  /**
   * Moves a pending deposit to `status` in the caller's transaction; approval credits the main
   * wallet under the key `deposit:<id>` in the same commit. A deposit already in that state is
   * answered as it is (a second approval credits nothing); any other state is invalid_state.
   */
  async function settleIn(
    trx: Db,
    merchantId: number,
    id: number,
    status: Exclude<DepositStatus, 'pending'>,
    change: { operatorId: number | null; reason: string | null },
  ): Promise<{ row: DepositRow; changed: boolean }> {
    const row = await trx
      .updateTable('deposits')
      .set({ status, reason: change.reason, reviewed_by: change.operatorId, reviewed_at: new Date() })
      .where('id', '=', BigInt(id))
      .where('merchant_id', '=', merchantId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const current = await trx
        .selectFrom('deposits')
        .selectAll()
        .where('id', '=', BigInt(id))
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
      if (!current) throw new AppError('cashier.not_found');
      if (current.status === status) return { row: current, changed: false };
      throw new AppError('cashier.invalid_state', { status: current.status });
    }
    if (status === 'approved') {
      await ledger.post(
        {
          merchantId,
          currency: row.currency,
          idempotencyKey: `deposit:${row.id}`,
          kind: 'deposit',
          postings: [
            { account: { kind: 'member_main', memberId: row.member_id }, amount: row.amount },
            { account: { kind: 'deposit_clearing' }, amount: -row.amount },
          ],
          reference: { depositId: row.id.toString() },
        },
        trx,
      );
      await promotions({ db: trx, ledger }).onDepositCredited(trx, {
        merchantId,
        memberId: row.member_id,
        depositId: row.id,
        amount: row.amount,
      });
    }
    await notifyMember(trx, {
      merchantId,
      memberId: row.member_id,
      kind: `deposit.${status}`,
      reference: { depositId: Number(row.id), amount: row.amount.toString() },
    });
    return { row, changed: true };
  }

  return {
    settleIn,

    /** §7 MCSFE_getDepositSettings: channels with limits and payee details, and the member's limits. */
    async settings(merchant: MerchantContext, memberId: number, language: Language) {
      const [channels, successes, memberLimits] = await Promise.all([
        db
          .selectFrom('payment_channels')
          .selectAll()
          .where('merchant_id', '=', merchant.id)
          .where('enabled', '=', true)
          .orderBy('sort')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('deposits')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('member_id', '=', memberId)
          .where('status', '=', 'approved')
          .executeTakeFirstOrThrow(),
        limits.view(memberId),
      ]);
      return {
        allowDeposit: channels.length ? ('Y' as const) : ('N' as const),
        totalDepositSuccessCount: Number(successes.n),
        currency: merchant.currency,
        channels: channels.map((c) => ({
          id: c.id,
          code: c.code,
          method: c.method,
          name: localized(c.name, language),
          minAmount: toDecimalString(c.min_amount),
          maxAmount: toDecimalString(c.max_amount),
          payee:
            c.method === 'gateway'
              ? null
              : {
                  bankName: c.payee.bankName ?? null,
                  branch: c.payee.branch ?? null,
                  accountName: c.payee.accountName ?? null,
                  accountNumber: c.payee.accountNumber ?? null,
                },
        })),
        limits: memberLimits,
      };
    },

    /** Submits a deposit; the same requestId answers the same deposit (issue 5 item 3). */
    async create(merchant: MerchantContext, member: MemberContext, input: DepositInput): Promise<Deposit> {
      // §6: trial accounts hold no real money; a self-exclusion or a break (issue 4) stops deposits too.
      await assertMayWager(db, member);
      const channel = await channelFor(merchant.id, input.channelId);
      const amount = parseMinor(input.amount);
      if (amount < channel.min_amount || amount > channel.max_amount) {
        throw new AppError('cashier.amount_out_of_range', {
          min: toDecimalString(channel.min_amount),
          max: toDecimalString(channel.max_amount),
        });
      }
      const referenceNumber = input.referenceNumber || null;
      // Manual channels: the operator matches the member's transfer by its reference number.
      if (channel.method !== 'gateway' && !referenceNumber) throw new AppError('cashier.reference_required');

      return db.transaction().execute(async (trx) => {
        // One member's deposits are decided one at a time: the limit check and the insert see the same sums.
        await lockMember(trx, member.id);
        const existing = await trx
          .selectFrom('deposits')
          .selectAll()
          .where('member_id', '=', member.id)
          .where('request_id', '=', input.requestId)
          .executeTakeFirst();
        if (existing) {
          const same =
            existing.channel_id === channel.id &&
            existing.amount === amount &&
            existing.reference_number === referenceNumber;
          if (!same) throw new AppError('cashier.request_reused');
          return viewOne(trx, existing);
        }
        await limits.assertWithin(trx, member.id, amount);
        const row = await trx
          .insertInto('deposits')
          .values({
            merchant_id: merchant.id,
            member_id: member.id,
            channel_id: channel.id,
            amount,
            currency: merchant.currency,
            reference_number: referenceNumber,
            request_id: input.requestId,
            gateway_order: channel.method === 'gateway' ? newGatewayOrder() : null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await attachUploads(trx, member.id, input.receiptUploadIds ?? [], { deposit_id: row.id });
        // A manual deposit now waits for an operator; a gateway one is not paid yet (its callback tells).
        if (channel.method !== 'gateway') {
          await notifyMember(trx, {
            merchantId: merchant.id,
            memberId: member.id,
            kind: 'deposit.arrived',
            reference: { depositId: Number(row.id), amount: amount.toString() },
          });
        }
        return viewOne(trx, row);
      });
    },

    /** The member's deposits in the query's days, the merchant's days (`timeZone`). */
    async listForMember(
      memberId: number,
      query: RecordsQuery & { status?: DepositStatus | undefined },
      timeZone: string,
    ) {
      let base = db.selectFrom('deposits').selectAll().where('member_id', '=', memberId);
      if (query.status) base = base.where('status', '=', query.status);
      return pageOfRows(base, query, timeZone, (rows) => viewOf(db, rows));
    },

    async listForOperator(merchantId: number, query: QueuePaging, search: RawBuilder<SqlBool>[] = []) {
      const base = db.selectFrom('deposits').selectAll().where('merchant_id', '=', merchantId);
      const { rows, ...page } = await queuePage(base, query, search);
      const usernames = await memberNames(
        db,
        rows.map((r) => r.member_id),
      );
      const list = (await viewOf(db, rows)).map((view, i) => ({
        ...view,
        memberId: rows[i]!.member_id,
        username: usernames.get(rows[i]!.member_id) ?? '',
      }));
      return { list, ...page };
    },

    /** Operator approval or rejection, audit-logged in the same transaction. */
    async review(actor: AuditActor, id: number, decision: 'approved' | 'rejected', reason: string | null) {
      return db.transaction().execute(async (trx) => {
        const { row, changed } = await settleIn(trx, actor.merchantId, id, decision, {
          operatorId: actor.operatorId,
          reason,
        });
        if (changed) {
          await recordAudit(trx, actor, {
            action: decision === 'approved' ? 'approve' : 'reject',
            entity: 'deposits',
            entityId: Number(row.id),
            before: { status: 'pending' },
            after: { status: row.status, amount: toDecimalString(row.amount), memberId: row.member_id, reason },
          });
        }
        const [view] = await viewOf(trx, [row]);
        return {
          ...view!,
          memberId: row.member_id,
          username: (await memberNames(trx, [row.member_id])).get(row.member_id) ?? '',
        };
      });
    },

    /**
     * A verified gateway callback: `paid` approves (credits once), `failed` marks it failed. A
     * replay finds the deposit already in that state and gets the same answer.
     */
    async gatewayOutcome(merchantId: number, deposit: DepositRow, body: unknown) {
      const parsed = gatewayCallbackSchema.safeParse(body);
      if (!parsed.success) throw new AppError('request.invalid');
      const { status, amount, currency } = parsed.data;
      if (parseMinor(amount) !== deposit.amount || currency !== deposit.currency) {
        throw new AppError('cashier.amount_out_of_range', { expected: toDecimalString(deposit.amount) });
      }
      const target = status === 'paid' ? 'approved' : 'failed';
      const { row } = await db
        .transaction()
        .execute((trx) => settleIn(trx, merchantId, Number(deposit.id), target, { operatorId: null, reason: null }));
      return { order: row.gateway_order ?? '', status: row.status };
    },

    async byGatewayOrder(merchantId: number | null, order: string) {
      let select = db
        .selectFrom('deposits')
        .innerJoin('payment_channels', 'payment_channels.id', 'deposits.channel_id')
        .selectAll('deposits')
        .select(['payment_channels.gateway', 'payment_channels.gateway_secret'])
        .where('deposits.gateway_order', '=', order);
      if (merchantId !== null) select = select.where('deposits.merchant_id', '=', merchantId);
      return select.executeTakeFirst();
    },
  };
}
export type DepositService = ReturnType<typeof depositService>;

export async function memberNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}
