import { sql, type Selectable } from 'kysely';
import { formatMinor, toDecimalString } from '@khela/money';
import {
  bpToRate,
  MEMBER_TYPES,
  parseReferralSettings,
  type ReferralProgramme,
  type ReferralSettingsInput,
  type StoredReferralSettings,
} from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import type { ReferralSettingsTable } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit, type AuditActor } from '../../audit/audit-log.ts';
import { payFromHouse } from '../../ledger/house-payout.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { notifyInbox } from '../contracts/contracts.ts';
import { dailyProgrammeSource, switchedOnCursor } from '../../programmes/daily-source.ts';

/**
 * Ledger transactions of this kind pay an inviter for a member it invited; their `reference`
 * carries `inviteeId`. "What they earned the inviter" sums them.
 */
export const REFERRAL_REWARD_KIND = 'referral_reward';
const INBOX_KIND = 'referral.reward';
const TRIAL = MEMBER_TYPES.TRIAL;

const DEFAULTS: StoredReferralSettings = {
  enabled: false,
  commissionBp: 0,
  dailyCap: null,
  firstDepositBonus: 0n,
  firstDepositMin: 0n,
};

type SettingsRow = Pick<
  Selectable<ReferralSettingsTable>,
  'enabled' | 'commission_bp' | 'daily_cap' | 'first_deposit_bonus' | 'first_deposit_min' | 'starts_on' | 'paid_through'
>;

export function storedSettings(
  row: Omit<SettingsRow, 'starts_on' | 'paid_through'> | undefined,
): StoredReferralSettings {
  if (!row) return DEFAULTS;
  return {
    enabled: row.enabled,
    commissionBp: row.commission_bp,
    dailyCap: row.daily_cap,
    firstDepositBonus: row.first_deposit_bonus,
    firstDepositMin: row.first_deposit_min,
  };
}

export function programmeView(settings: StoredReferralSettings): ReferralProgramme {
  return {
    enabled: settings.enabled,
    commissionRate: bpToRate(settings.commissionBp),
    dailyCap: settings.dailyCap === null ? null : toDecimalString(settings.dailyCap),
    firstDepositBonus: toDecimalString(settings.firstDepositBonus),
    firstDepositMinimum: toDecimalString(settings.firstDepositMin),
  };
}

function settingsView(row: SettingsRow | undefined) {
  return {
    ...programmeView(storedSettings(row)),
    startsOn: row?.starts_on ?? null,
    paidThrough: row?.paid_through ?? null,
  };
}

/** Date columns come back as text (`YYYY-MM-DD`): the pool would make them local-midnight Dates. */
const SETTINGS_COLUMNS = [
  'enabled',
  'commission_bp',
  'daily_cap',
  'first_deposit_bonus',
  'first_deposit_min',
  sql<string | null>`starts_on::text`.as('starts_on'),
  sql<string | null>`paid_through::text`.as('paid_through'),
] as const;

export function commissionOf(validBet: bigint, rateBp: number, dailyCap: bigint | null): bigint {
  const amount = (validBet * BigInt(rateBp)) / 10_000n;
  return dailyCap !== null && amount > dailyCap ? dailyCap : amount;
}

export interface ReferralPassResult {
  merchants: number;
  days: number;
  rewards: number;
}

interface Reward {
  inviteeId: number;
  inviterId: number;
  reason: 'commission' | 'first_deposit';
  basis: bigint;
  rateBp: number;
  amount: bigint;
}

/** Members who registered with a code of an inviter; neither a trial account, the inviter not closed. */
const INVITEES = sql`
  members i
  JOIN member_referral_codes c ON c.merchant_id = i.merchant_id AND c.code = upper(i.referral_code)
  JOIN members r ON r.id = c.member_id`;

/**
 * Referral rewards (§2 Refer and Earn, issue 13 item 6; docs/adr/0013-referral-rewards.md).
 *
 * - Operators keep one settings row per merchant (off by default): a commission in basis points of
 *   each invitee's valid bet per merchant-local day, capped per invitee and day, and a fixed bonus
 *   for an invitee's first approved deposit of at least a minimum.
 * - Invitee: a member who registered with the inviter's referral code (members.referral_code).
 *   Trial accounts never earn nor count, on either side; a closed inviter earns nothing.
 * - Only closed days are paid, from member_daily_stats (migration 0019). Each reward is one row of
 *   referral_rewards (unique per invitee, reason and day) and one ledger transaction from the house
 *   to the inviter's main wallet, keyed `referral:<invitee>:<day>` (`referral:<invitee>:first-deposit`),
 *   so a re-run pays nothing more. `paid_through` is the merchant's cursor: a pass pays every day
 *   after it that has closed, so a missed day is caught up after downtime.
 */
export function referralRewards({ db, ledger }: { db: Db; ledger: Ledger }) {
  async function rewardsOf(trx: Db, merchantId: number, day: string, s: StoredReferralSettings): Promise<Reward[]> {
    const rewards: Reward[] = [];
    if (s.commissionBp > 0) {
      const { rows } = await sql<{ invitee: number; inviter: number; valid: string }>`
        SELECT i.id AS invitee, r.id AS inviter, sum(d.valid_bet)::text AS valid
          FROM member_daily_stats d JOIN ${INVITEES} ON i.id = d.member_id
         WHERE d.merchant_id = ${merchantId} AND d.day = ${day}::date
           AND i.referral_code IS NOT NULL AND i.type <> ${TRIAL} AND r.type <> ${TRIAL} AND r.status <> 'closed'
         GROUP BY i.id, r.id
        HAVING sum(d.valid_bet) > 0
         ORDER BY i.id`.execute(trx);
      for (const row of rows) {
        const basis = BigInt(row.valid);
        const amount = commissionOf(basis, s.commissionBp, s.dailyCap);
        if (amount > 0n) {
          rewards.push({
            inviteeId: row.invitee,
            inviterId: row.inviter,
            reason: 'commission',
            basis,
            rateBp: s.commissionBp,
            amount,
          });
        }
      }
    }
    if (s.firstDepositBonus > 0n) {
      // The invitee's first day with an approved deposit: the bonus when that day's deposits reach the minimum.
      const { rows } = await sql<{ invitee: number; inviter: number; deposits: string }>`
        SELECT i.id AS invitee, r.id AS inviter, d.deposits::text AS deposits
          FROM member_daily_stats d JOIN ${INVITEES} ON i.id = d.member_id
         WHERE d.merchant_id = ${merchantId} AND d.day = ${day}::date AND d.product_type = 'CASH'
           AND d.deposit_count > 0 AND d.deposits >= ${s.firstDepositMin}
           AND i.referral_code IS NOT NULL AND i.type <> ${TRIAL} AND r.type <> ${TRIAL} AND r.status <> 'closed'
           AND NOT EXISTS (SELECT 1 FROM member_daily_stats e
                            WHERE e.member_id = i.id AND e.product_type = 'CASH' AND e.deposit_count > 0
                              AND e.day < ${day}::date)
         ORDER BY i.id`.execute(trx);
      for (const row of rows) {
        rewards.push({
          inviteeId: row.invitee,
          inviterId: row.inviter,
          reason: 'first_deposit',
          basis: BigInt(row.deposits),
          rateBp: 0,
          amount: s.firstDepositBonus,
        });
      }
    }
    return rewards;
  }

  /**
   * Pays one closed day of a merchant in the cursor's transaction (daily-source.ts): reward rows,
   * ledger transactions and inbox notices commit with the cursor.
   */
  async function payDay(trx: Db, merchant: { id: number; currency: string }, day: string): Promise<number> {
    const settings = storedSettings(
      await trx
        .selectFrom('referral_settings')
        .select(SETTINGS_COLUMNS)
        .where('merchant_id', '=', merchant.id)
        .executeTakeFirstOrThrow(),
    );
    const byInviter = new Map<number, { amount: bigint; invitees: Set<number> }>();
    let paid = 0;
    for (const reward of await rewardsOf(trx, merchant.id, day, settings)) {
      const inserted = await trx
        .insertInto('referral_rewards')
        .values({
          merchant_id: merchant.id,
          inviter_id: reward.inviterId,
          invitee_id: reward.inviteeId,
          reason: reward.reason,
          day,
          basis: reward.basis,
          rate_bp: reward.rateBp,
          amount: reward.amount,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) continue;
      const transactionId = await payFromHouse(trx, ledger, {
        merchant,
        memberId: reward.inviterId,
        amount: reward.amount,
        idempotencyKey:
          reward.reason === 'commission'
            ? `referral:${reward.inviteeId}:${day}`
            : `referral:${reward.inviteeId}:first-deposit`,
        kind: REFERRAL_REWARD_KIND,
        reference: { inviteeId: String(reward.inviteeId), reason: reward.reason, day },
      });
      await trx
        .updateTable('referral_rewards')
        .set({ ledger_transaction_id: transactionId })
        .where('id', '=', inserted.id)
        .execute();
      const sum = byInviter.get(reward.inviterId) ?? { amount: 0n, invitees: new Set<number>() };
      sum.amount += reward.amount;
      sum.invitees.add(reward.inviteeId);
      byInviter.set(reward.inviterId, sum);
      paid += 1;
    }
    for (const [inviterId, sum] of byInviter) {
      const amount = formatMinor(sum.amount);
      const n = sum.invitees.size;
      await notifyInbox(
        trx,
        merchant.id,
        inviterId,
        INBOX_KIND,
        { en: 'Referral reward paid', bn: 'রেফারেল পুরস্কার প্রদান করা হয়েছে' },
        {
          en: `Your referral reward of ${amount} for ${day} (${n} invited ${n === 1 ? 'member' : 'members'}) has been added to your wallet.`,
          bn: `${day} তারিখের জন্য আপনার রেফারেল পুরস্কার ${amount} (${n} জন আমন্ত্রিত সদস্য) আপনার ওয়ালেটে যোগ হয়েছে।`,
        },
        { day, amount: sum.amount.toString(), invitees: n },
      );
    }
    return paid;
  }

  const closedDays = dailyProgrammeSource({ db, table: 'referral_settings', payDay });

  /** Pays every closed, unpaid day of every merchant with rewards on, up to `now` (the job; tests pass a fixed now). */
  async function runPass(now: Date): Promise<ReferralPassResult> {
    const { merchants, days, paid } = await closedDays.runPass(now);
    return { merchants, days, rewards: paid };
  }

  return {
    runPass,

    /** The programme as members see it (the member centre `referral` page). */
    async programme(merchantId: number): Promise<ReferralProgramme> {
      const row = await db
        .selectFrom('referral_settings')
        .select(SETTINGS_COLUMNS)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
      return programmeView(storedSettings(row));
    },

    /** GET /admin/referral-settings */
    async settings(merchantId: number) {
      const row = await db
        .selectFrom('referral_settings')
        .select(SETTINGS_COLUMNS)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
      return settingsView(row);
    },

    /**
     * PUT /admin/referral-settings (audited). Switching on starts earning with the merchant's
     * current day: the days while it was off are never paid afterwards.
     */
    async update(actor: AuditActor, input: ReferralSettingsInput) {
      const parsed = parseReferralSettings(input);
      if (!parsed.ok) throw new AppError(parsed.code);
      const s = parsed.settings;
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('referral_settings')
          .values({ merchant_id: actor.merchantId })
          .onConflict((oc) => oc.column('merchant_id').doNothing())
          .execute();
        const before = await trx
          .selectFrom('referral_settings')
          .select(SETTINGS_COLUMNS)
          .where('merchant_id', '=', actor.merchantId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const switchedOn = s.enabled && !before.enabled;
        const after = await trx
          .updateTable('referral_settings')
          .set({
            enabled: s.enabled,
            commission_bp: s.commissionBp,
            daily_cap: s.dailyCap,
            first_deposit_bonus: s.firstDepositBonus,
            first_deposit_min: s.firstDepositMin,
            updated_at: sql`now()`,
            ...(switchedOn && switchedOnCursor(actor.merchantId)),
          })
          .where('merchant_id', '=', actor.merchantId)
          .returning(SETTINGS_COLUMNS)
          .executeTakeFirstOrThrow();
        const view = settingsView(after);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'referralSettings',
          entityId: actor.merchantId,
          before: settingsView(before),
          after: view,
        });
        return view;
      });
    },
  };
}
export type ReferralRewards = ReturnType<typeof referralRewards>;
