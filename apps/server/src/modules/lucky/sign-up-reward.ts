import { formatMinor, toDecimalString } from '@khela/money';
import {
  MESSENGER_ID_PATTERN,
  normaliseMessengerId,
  SIGNUP_REWARD_MAX_CAP,
  type ErrorCode,
  type SignUpRewardSettingsInput,
  type SignUpRewardStatus,
} from '@khela/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { notifyInbox } from '../agents/contracts/contracts.ts';
import { payFromHouse } from '../ledger/house-payout.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { addTurnover, assertRealMember, iso, minor, type Merchant } from './common.ts';
import type { SignUpRewardRequestsTable, SignUpRewardSettingsTable } from './tables.ts';

export const SIGNUP_REWARD_KIND = 'signup_reward';
const MAX_CAP = minor(SIGNUP_REWARD_MAX_CAP);

/** Which unique rule a second request broke (migration 0029's constraint names). */
const TAKEN: Record<string, ErrorCode> = {
  signup_reward_requests_member_id_key: 'signup_reward.already_requested',
  signup_reward_requests_merchant_id_messenger_messenger_id_key: 'signup_reward.id_taken',
  signup_reward_requests_device: 'signup_reward.device_taken',
};

type RequestRow = Omit<SignUpRewardRequestsTable, 'id' | 'status' | 'created_at'> & {
  id: bigint;
  status: 'pending' | 'approved' | 'rejected';
  created_at: Date;
};
type SettingsRow = Pick<SignUpRewardSettingsTable, 'amount' | 'cap'> & {
  enabled: boolean;
  turnover_multiple: number;
  one_per_device: boolean;
};

const REQUEST_COLUMNS = [
  'r.id',
  'r.merchant_id',
  'r.member_id',
  'r.messenger',
  'r.messenger_id',
  'r.device_id',
  'r.status',
  'r.amount',
  'r.reason',
  'r.decided_by',
  'r.decided_at',
  'r.ledger_transaction_id',
  'r.created_at',
  'mb.username',
] as const;

function memberRequestView(row: RequestRow) {
  return {
    messenger: row.messenger,
    messengerId: row.messenger_id,
    state: row.status,
    amount: row.amount === null ? null : toDecimalString(row.amount),
    reason: row.reason,
    requestedAt: iso(row.created_at),
    decidedAt: row.decided_at ? iso(row.decided_at) : null,
  };
}

function adminRequestView(row: RequestRow & { username: string }) {
  return {
    id: Number(row.id),
    memberId: row.member_id,
    username: row.username,
    deviceId: row.device_id,
    ...memberRequestView(row),
  };
}

function settingsView(row: SettingsRow) {
  return {
    enabled: row.enabled,
    amount: toDecimalString(row.amount),
    cap: toDecimalString(row.cap),
    turnoverMultiple: row.turnover_multiple,
    onePerDevice: row.one_per_device,
  };
}

/**
 * The sign-up reward (issue 14 item 2; §9 the Zalo or WhatsApp id bonus "up to 131K";
 * docs/adr/0017-lucky.md). A member gives a Zalo or WhatsApp number once; the number, and the
 * browser's device id where the merchant asks for one per device, may be used once per merchant
 * (unique indexes, so parallel requests cannot slip through). An operator approves (paying the
 * configured amount, or one given, at most the cap, from the house with its turnover requirement,
 * once: the request row is locked and must be pending) or rejects with a reason; both audited.
 */
export function signUpReward({ db, ledger }: { db: Db; ledger: Ledger }) {
  const settingsOf = (trx: Db, merchantId: number) =>
    trx
      .selectFrom('signup_reward_settings')
      .select(['enabled', 'amount', 'cap', 'turnover_multiple', 'one_per_device'])
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();

  const requestQuery = (trx: Db) =>
    trx
      .selectFrom('signup_reward_requests as r')
      .innerJoin('members as mb', 'mb.id', 'r.member_id')
      .select(REQUEST_COLUMNS);

  async function status(member: MemberContext): Promise<SignUpRewardStatus> {
    const settings = await settingsOf(db, member.merchantId);
    const request = await requestQuery(db).where('r.member_id', '=', member.id).executeTakeFirst();
    const enabled = Boolean(settings?.enabled) && member.type !== 4;
    return {
      enabled,
      amount: settings && enabled ? toDecimalString(settings.amount) : null,
      turnoverMultiple: settings?.turnover_multiple ?? 0,
      deviceRequired: settings?.one_per_device ?? false,
      request: request ? memberRequestView(request) : null,
    };
  }

  /** Locks a pending request of the operator's merchant. */
  async function pending(trx: Db, merchantId: number, id: number) {
    const row = await trx
      .selectFrom('signup_reward_requests')
      .select(['id', 'status'])
      .where('id', '=', BigInt(id))
      .where('merchant_id', '=', merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('lucky.not_found');
    if (row.status !== 'pending') throw new AppError('signup_reward.already_decided');
    return requestQuery(trx).where('r.id', '=', row.id).executeTakeFirstOrThrow();
  }

  return {
    status,

    /** MCSFE_signUpRequestReward */
    async request(
      member: MemberContext,
      body: { messenger: 'zalo' | 'whatsapp'; messengerId: string; deviceId?: string | undefined },
    ): Promise<SignUpRewardStatus> {
      assertRealMember(member);
      const settings = await settingsOf(db, member.merchantId);
      if (!settings?.enabled) throw new AppError('signup_reward.off');
      const messengerId = normaliseMessengerId(body.messengerId);
      if (!MESSENGER_ID_PATTERN.test(messengerId)) throw new AppError('signup_reward.invalid_id');
      if (settings.one_per_device && !body.deviceId) throw new AppError('signup_reward.device_required');
      try {
        await db
          .insertInto('signup_reward_requests')
          .values({
            merchant_id: member.merchantId,
            member_id: member.id,
            messenger: body.messenger,
            // The same number with or without its + is one number.
            messenger_id: messengerId.replace(/^\+/, ''),
            device_id: settings.one_per_device ? (body.deviceId ?? null) : null,
          })
          .execute();
      } catch (error) {
        const { code, constraint } = error as { code?: string; constraint?: string };
        const taken = code === '23505' && constraint ? TAKEN[constraint] : undefined;
        if (taken) throw new AppError(taken);
        throw error;
      }
      return status(member);
    },

    async settings(merchantId: number) {
      const row = await settingsOf(db, merchantId);
      return row ? settingsView(row) : null;
    },

    /** PUT /admin/sign-up-reward/settings (audited). */
    async updateSettings(actor: AuditActor, input: SignUpRewardSettingsInput) {
      const amount = minor(input.amount);
      const cap = minor(input.cap);
      if (cap > MAX_CAP || amount > cap) throw new AppError('signup_reward.invalid_amount');
      return db.transaction().execute(async (trx) => {
        const before = await settingsOf(trx, actor.merchantId);
        const values = {
          enabled: input.enabled,
          amount,
          cap,
          turnover_multiple: input.turnoverMultiple,
          one_per_device: input.onePerDevice,
        };
        const after = await trx
          .insertInto('signup_reward_settings')
          .values({ merchant_id: actor.merchantId, ...values })
          .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
          .returning(['enabled', 'amount', 'cap', 'turnover_multiple', 'one_per_device'])
          .executeTakeFirstOrThrow();
        const view = settingsView(after);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'signUpRewardSettings',
          entityId: actor.merchantId,
          before: before ? settingsView(before) : null,
          after: view,
        });
        return view;
      });
    },

    async requests(merchantId: number, state?: 'pending' | 'approved' | 'rejected') {
      let query = requestQuery(db).where('r.merchant_id', '=', merchantId);
      if (state) query = query.where('r.status', '=', state);
      const rows = await query
        .orderBy(sql`r.status = 'pending'`, 'desc')
        .orderBy('r.id', 'desc')
        .limit(200)
        .execute();
      return rows.map(adminRequestView);
    },

    /** POST /admin/sign-up-reward/requests/:id/approve (audited): pays once. */
    async approve(actor: AuditActor, merchant: Merchant, id: number, given?: string) {
      return db.transaction().execute(async (trx) => {
        const row = await pending(trx, merchant.id, id);
        const settings = await settingsOf(trx, merchant.id);
        if (!settings) throw new AppError('signup_reward.off');
        const amount = given === undefined ? settings.amount : minor(given);
        if (amount > settings.cap) throw new AppError('signup_reward.invalid_amount');
        const idempotencyKey = `signup-reward:${row.member_id}`;
        const transactionId = await payFromHouse(trx, ledger, {
          merchant,
          memberId: row.member_id,
          amount,
          idempotencyKey,
          kind: SIGNUP_REWARD_KIND,
          reference: { requestId: row.id.toString() },
        });
        await addTurnover(
          trx,
          { merchantId: merchant.id, memberId: row.member_id, amount, source: idempotencyKey },
          settings.turnover_multiple,
        );
        await trx
          .updateTable('signup_reward_requests')
          .set({
            status: 'approved',
            amount,
            decided_by: actor.operatorId,
            decided_at: sql<Date>`now()`,
            ledger_transaction_id: transactionId,
          })
          .where('id', '=', row.id)
          .execute();
        const shown = formatMinor(amount);
        await notifyInbox(
          trx,
          merchant.id,
          row.member_id,
          'signup_reward.approved',
          { en: 'Sign-up reward approved', bn: 'সাইন-আপ পুরস্কার অনুমোদিত' },
          {
            en: `Your sign-up reward of ${shown} has been added to your wallet.`,
            bn: `আপনার সাইন-আপ পুরস্কার ${shown} আপনার ওয়ালেটে যোগ হয়েছে।`,
          },
          { requestId: row.id.toString(), amount: amount.toString() },
        );
        const after = adminRequestView(await requestQuery(trx).where('r.id', '=', row.id).executeTakeFirstOrThrow());
        await recordAudit(trx, actor, {
          action: 'approve',
          entity: 'signUpRewardRequests',
          entityId: after.id,
          before: adminRequestView(row),
          after,
        });
        return after;
      });
    },

    /** POST /admin/sign-up-reward/requests/:id/reject (audited). */
    async reject(actor: AuditActor, merchantId: number, id: number, reason: string) {
      return db.transaction().execute(async (trx) => {
        const row = await pending(trx, merchantId, id);
        await trx
          .updateTable('signup_reward_requests')
          .set({ status: 'rejected', reason, decided_by: actor.operatorId, decided_at: sql<Date>`now()` })
          .where('id', '=', row.id)
          .execute();
        await notifyInbox(
          trx,
          merchantId,
          row.member_id,
          'signup_reward.rejected',
          { en: 'Sign-up reward not approved', bn: 'সাইন-আপ পুরস্কার অনুমোদিত হয়নি' },
          {
            en: `Your sign-up reward request was not approved: ${reason}`,
            bn: `আপনার সাইন-আপ পুরস্কারের আবেদন অনুমোদিত হয়নি: ${reason}`,
          },
          { requestId: row.id.toString() },
        );
        const after = adminRequestView(await requestQuery(trx).where('r.id', '=', row.id).executeTakeFirstOrThrow());
        await recordAudit(trx, actor, {
          action: 'reject',
          entity: 'signUpRewardRequests',
          entityId: after.id,
          before: adminRequestView(row),
          after,
        });
        return after;
      });
    },
  };
}
export type SignUpReward = ReturnType<typeof signUpReward>;
